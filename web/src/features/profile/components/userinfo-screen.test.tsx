// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeUpload } from '../../../testing/fake-upload'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { UserinfoScreen } from './userinfo-screen'

type Penalty = null | 'WARNING' | 'ACCESSCONTROL'

function memberStatus(snsPenalty: Penalty = null, snsPenaltyReason: string | null = null) {
  return {
    account: {
      id: 'a1',
      protected: false,
      canAddOn: false,
      snsPenalty,
      snsPenaltyReason,
      purigetPenalty: 'GREEN',
      official: false,
      mailAddress: 'hana@example.jp',
      registeredAt: '2026-01-01T00:00:00',
    },
    membershipStatus: 'MINI',
  }
}

const PROFILE: {
  profileImageUrl: string | null
  nickname: string
  birthday: string
  gender: string
  prefectureName: string
  imageId: string | null
} = {
  profileImageUrl: null,
  nickname: 'はな',
  birthday: '2000-05-10',
  gender: 'FEMALE',
  prefectureName: '東京都',
  imageId: null,
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>

/** A fetch answering by "METHOD path"; every call is recorded. */
function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`
    calls.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
    const handler = handlers[key]
    if (!handler) throw new Error(`unexpected request ${key}`)
    return handler(init)
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

/** One save as the server received it: the fields (the `profile` part) and the picture, if any. */
interface Saved {
  method: string
  url: string
  fields: Record<string, unknown>
  image: File | null
}

/**
 * The server's answer to a save: an answer, 'network' for a failed connection, or 'wait' to leave it
 * to the test (`FakeUpload.last`), which then plays the network itself.
 */
type SaveAnswer = (saved: Saved) => { status: number; body: unknown } | 'network' | 'wait'

let saves: Saved[] = []

/** The saves' XMLHttpRequest (lib/upload.ts): answered by the test's SaveAnswer. */
function serveSaves(answer: SaveAnswer) {
  class SaveServer extends FakeUpload {
    override send(body: FormData) {
      super.send(body)
      const saved: Saved = {
        method: this.method,
        url: this.url,
        fields: JSON.parse(String(body.get('profile'))),
        image: body.get('image') instanceof File ? (body.get('image') as File) : null,
      }
      saves.push(saved)
      const outcome = answer(saved)
      if (outcome === 'wait') return
      queueMicrotask(() =>
        outcome === 'network' ? this.onerror?.() : this.answer(outcome.status, outcome.body),
      )
    }
  }
  vi.stubGlobal('XMLHttpRequest', SaveServer)
}

/** The server stores what it got: the fields as sent, a new image when one came. */
const storesIt: SaveAnswer = ({ fields, image }) => {
  const { removeImage, ...rest } = fields
  const imageId = image ? 'i1' : removeImage ? null : PROFILE.imageId
  return {
    status: 200,
    body: {
      entity: {
        ...PROFILE,
        ...rest,
        imageId,
        profileImageUrl: imageId ? `/sp/profile/image/${imageId}` : null,
      },
      error: null,
      clock: null,
    },
  }
}

const refuses =
  (code: string, status: number): SaveAnswer =>
  () => ({ status, body: { entity: null, error: { code, message: 'x' }, clock: null } })

function member(
  options: { penalty?: Penalty; reason?: string; save?: SaveAnswer; profile?: typeof PROFILE } = {},
) {
  serveSaves(options.save ?? storesIt)
  return mockApi({
    'GET /sp/2/account/self': () =>
      wrapperResponse({ entity: memberStatus(options.penalty ?? null, options.reason ?? null) }),
    'GET /sp/profile': () => wrapperResponse({ entity: options.profile ?? PROFILE }),
  })
}

const field = {
  nickname: () => screen.getByLabelText<HTMLInputElement>('ニックネーム'),
  year: () => screen.getByLabelText<HTMLSelectElement>('生年月日の年'),
  month: () => screen.getByLabelText<HTMLSelectElement>('生年月日の月'),
  day: () => screen.getByLabelText<HTMLSelectElement>('生年月日の日'),
  gender: () => screen.getByLabelText<HTMLSelectElement>('性別'),
  prefecture: () => screen.getByLabelText<HTMLSelectElement>('お住まいの都道府県'),
}

async function renderLoaded(options: Parameters<typeof member>[0] = {}) {
  const calls = member(options)
  const view = renderWithProviders(<UserinfoScreen />, { path: '/sp/setting/userinfo' })
  await screen.findByLabelText('ニックネーム')
  return { calls, ...view }
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: '保存する' }))
}

beforeEach(() => {
  saves = []
  FakeUpload.last = null
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  )
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('UserinfoScreen', () => {
  it('sends a guest to the login page, coming back here, and never asks for a profile', async () => {
    const calls = mockApi({
      'GET /sp/2/account/self': () =>
        wrapperResponse({ entity: { account: null, membershipStatus: 'GUEST' } }),
    })
    const { location } = renderWithProviders(<UserinfoScreen />, { path: '/sp/setting/userinfo' })
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/web/login/top?next=%2Fsp%2Fsetting%2Fuserinfo'),
    )
    expect(calls.map((call) => call.key)).toEqual(['GET /sp/2/account/self'])
  })

  it('shows the saved profile in the fields', async () => {
    await renderLoaded()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('プロフィール設定')
    expect(field.nickname().value).toBe('はな')
    expect(field.nickname().placeholder).toBe('ゲスト')
    expect([field.year().value, field.month().value, field.day().value]).toEqual(['2000', '5', '10'])
    expect(field.gender().value).toBe('FEMALE')
    expect(field.prefecture().value).toBe('東京都')
    expect(field.prefecture().options).toHaveLength(48)
    // Years from this year back to 1900, after the empty choice.
    expect(field.year().options[1]!.value).toBe('2026')
    expect(field.year().options[field.year().options.length - 1]!.value).toBe('1900')
  })

  it('saves: sends the normalised profile and says so', async () => {
    const { calls } = await renderLoaded()
    fireEvent.change(field.nickname(), { target: { value: '　ＰＵＲＩ　 ' } })
    fireEvent.change(field.gender(), { target: { value: '' } })
    fireEvent.change(field.prefecture(), { target: { value: '沖縄県' } })
    save()
    await waitFor(() => expect(screen.getByText('プロフィールを保存しました。')).toBeTruthy())
    expect(saves).toEqual([
      {
        method: 'POST',
        url: '/sp/profile',
        fields: { nickname: 'PURI', birthday: '2000-05-10', gender: null, prefectureName: '沖縄県' },
        image: null,
      },
    ])
    expect(FakeUpload.last!.headers['X-Requested-With']).toBe('XMLHttpRequest')
    expect(FakeUpload.last!.withCredentials).toBe(true)
    expect(field.nickname().value).toBe('PURI')
    expect(calls.some((call) => call.key.startsWith('PUT '))).toBe(false)
  })

  describe('tells mistakes next to their field, without a request, keeping what was typed', () => {
    it('a nickname over 20 characters', async () => {
      await renderLoaded()
      const long = 'あ'.repeat(21)
      fireEvent.change(field.nickname(), { target: { value: long } })
      save()
      const nickname = field.nickname()
      const alert = within(nickname.closest('.field') as HTMLElement).getByRole('alert')
      expect(alert.textContent).toBe('ニックネームは20文字以内で入力してください。')
      expect(nickname.getAttribute('aria-invalid')).toBe('true')
      expect(nickname.getAttribute('aria-describedby')).toContain(alert.id)
      expect(document.activeElement).toBe(nickname)
      expect(nickname.value).toBe(long)
      expect(saves).toEqual([])
    })

    it('emoji count as people see them: 20 are fine', async () => {
      await renderLoaded()
      fireEvent.change(field.nickname(), { target: { value: '🍓'.repeat(20) } })
      save()
      await waitFor(() => expect(saves).toHaveLength(1))
      expect(screen.queryByRole('alert')).toBeNull()
    })

    it('a line break or control character in the nickname', async () => {
      await renderLoaded()
      fireEvent.change(field.nickname(), { target: { value: 'は\u0007な' } })
      save()
      expect(screen.getAllByRole('alert')[0]!.textContent).toBe(
        'ニックネームに使えない文字（改行・タブなど）が入っています。取り除いてから保存してください。',
      )
    })

    it('a birthday with only some parts, one that does not exist, one in the future', async () => {
      await renderLoaded()
      const birthdayAlert = () =>
        within(field.year().closest('fieldset') as HTMLElement).getByRole('alert').textContent

      fireEvent.change(field.day(), { target: { value: '' } })
      save()
      expect(birthdayAlert()).toContain('年・月・日をすべて選んでください')
      expect(document.activeElement).toBe(field.year())

      fireEvent.change(field.year(), { target: { value: '2001' } })
      fireEvent.change(field.month(), { target: { value: '2' } })
      fireEvent.change(field.day(), { target: { value: '29' } })
      save()
      expect(birthdayAlert()).toBe('存在しない日付です。月と日をご確認ください。')

      fireEvent.change(field.year(), { target: { value: '2026' } })
      fireEvent.change(field.month(), { target: { value: '11' } })
      fireEvent.change(field.day(), { target: { value: '21' } })
      save()
      expect(birthdayAlert()).toBe('今日より後の日付は登録できません。')
      expect([field.year().value, field.month().value, field.day().value]).toEqual(['2026', '11', '21'])
      expect(saves).toEqual([])
    })
  })

  describe("maps the server's answer back to the form", () => {
    it('NICKNAME_INVALID goes next to the nickname; the typed value stays', async () => {
      await renderLoaded({ save: refuses('NICKNAME_INVALID', 400) })
      fireEvent.change(field.nickname(), { target: { value: 'まちがい' } })
      save()
      const nickname = field.nickname()
      await waitFor(() => expect(nickname.getAttribute('aria-invalid')).toBe('true'))
      expect(within(nickname.closest('.field') as HTMLElement).getByRole('alert').textContent).toBe(
        'このニックネームは使えません。別のニックネームをお試しください。',
      )
      expect(nickname.value).toBe('まちがい')
    })

    it('BIRTHDAY_INVALID goes next to the birthday', async () => {
      await renderLoaded({ save: refuses('BIRTHDAY_INVALID', 400) })
      save()
      const fieldset = field.year().closest('fieldset') as HTMLElement
      await waitFor(() => expect(within(fieldset).getByRole('alert').textContent).toContain('この生年月日'))
    })

    it('SNS_RESTRICTED and network failures are told above the button, keeping every field', async () => {
      let answer: SaveAnswer = refuses('SNS_RESTRICTED', 403)
      await renderLoaded({ save: (saved) => answer(saved) })
      fireEvent.change(field.nickname(), { target: { value: 'あたらしい' } })
      fireEvent.change(field.prefecture(), { target: { value: '北海道' } })
      save()
      expect((await screen.findByRole('alert')).textContent).toBe(
        '現在このアカウントでは、プロフィールを変更できません。',
      )

      answer = () => 'network'
      save()
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('通信できませんでした'))
      expect(field.nickname().value).toBe('あたらしい')
      expect(field.prefecture().value).toBe('北海道')
      expect(screen.getByRole<HTMLButtonElement>('button', { name: '保存する' }).disabled).toBe(false)
    })
  })

  describe('SNS penalty', () => {
    it('WARNING shows a notice; the form works', async () => {
      await renderLoaded({ penalty: 'WARNING' })
      expect(screen.getByRole('note').textContent).toContain('警告が出ています')
      expect(screen.getByRole('note').textContent).not.toContain('理由')
      expect(field.nickname().disabled).toBe(false)
    })

    it('tells the reason the operator picked, in PuriBox’s words', async () => {
      await renderLoaded({ penalty: 'WARNING', reason: 'INAPPROPRIATE_NICKNAME' })
      expect(screen.getByRole('note').textContent).toContain(
        '理由ニックネームに、ほかの人が不快に感じる言葉や、個人を特定できる情報が含まれていました。',
      )
    })

    it('ACCESSCONTROL shows the profile read-only, with why', async () => {
      await renderLoaded({ penalty: 'ACCESSCONTROL' })
      const note = screen.getByRole('note')
      expect(note.textContent).toContain('プロフィールの変更を制限しています')
      expect(within(note).getByRole('link').getAttribute('href')).toBe('/sp/common/aboutPenalty')
      expect(field.nickname().value).toBe('はな')
      expect((field.nickname().closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true)
      expect(screen.queryByRole('button', { name: '保存する' })).toBeNull()
      expect(screen.queryByLabelText('画像を選ぶ')).toBeNull()
    })
  })
})

describe('profile image: chosen, then saved with the rest by the one button', () => {
  function choose(file: File) {
    fireEvent.change(screen.getByLabelText('画像を選ぶ'), { target: { files: [file] } })
  }
  const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' })

  it('refuses a file that is plainly not a picture, or too big, at once, without sending anything', async () => {
    await renderLoaded()
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(screen.getByRole('alert').textContent).toBe('画像ファイルを選んでください。')
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    choose(big)
    expect(screen.getByRole('alert').textContent).toBe(
      '画像のサイズが大きすぎます。10MB以下の画像を選んでください。',
    )
    expect(screen.queryByRole('img', { name: '選んだ画像のプレビュー' })).toBeNull()
    expect(saves).toEqual([])
  })

  it('a chosen picture and a changed nickname go in one save, with progress; then the new picture shows', async () => {
    await renderLoaded({ save: () => 'wait' })
    choose(jpeg())
    expect(screen.getByRole<HTMLImageElement>('img', { name: '選んだ画像のプレビュー' }).src).toBe(
      'blob:preview',
    )
    expect(
      screen.getByText('まだ保存されていません。「保存する」を押すと、この画像に変わります。'),
    ).toBeTruthy()
    // There is one button that saves; the picture has none of its own.
    expect(screen.queryByRole('button', { name: 'この画像にする' })).toBeNull()
    fireEvent.change(field.nickname(), { target: { value: 'あたらしい' } })
    save()

    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]!.fields).toEqual({
      nickname: 'あたらしい',
      birthday: '2000-05-10',
      gender: 'FEMALE',
      prefectureName: '東京都',
    })
    expect(saves[0]!.image?.name).toBe('me.jpg')
    FakeUpload.last!.progress(50)
    await waitFor(() => expect(screen.getByRole('progressbar')).toBeTruthy())
    const stored = storesIt(saves[0]!)
    if (stored === 'wait' || stored === 'network') throw new Error('unexpected')
    FakeUpload.last!.answer(stored.status, stored.body)

    await waitFor(() => expect(screen.getByText('プロフィールを保存しました。')).toBeTruthy())
    expect(screen.getByRole<HTMLImageElement>('img', { name: '現在のプロフィール画像' }).src).toContain(
      '/sp/profile/image/i1',
    )
    expect(screen.queryByText(/まだ保存されていません/)).toBeNull()
  })

  it('a refused nickname keeps the chosen picture, and the picture is sent again with the fix', async () => {
    let answer: SaveAnswer = refuses('NICKNAME_INVALID', 400)
    await renderLoaded({ save: (saved) => answer(saved) })
    choose(jpeg())
    fireEvent.change(field.nickname(), { target: { value: 'まちがい' } })
    save()
    await waitFor(() => expect(field.nickname().getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByRole<HTMLImageElement>('img', { name: '選んだ画像のプレビュー' })).toBeTruthy()
    answer = storesIt
    fireEvent.change(field.nickname(), { target: { value: 'なおした' } })
    save()
    await waitFor(() => expect(screen.getByText('プロフィールを保存しました。')).toBeTruthy())
    expect(saves.map((saved) => saved.image?.name)).toEqual(['me.jpg', 'me.jpg'])
  })

  it('a picture the server refuses is told next to it, stays chosen, and the typed fields stay', async () => {
    await renderLoaded({ save: refuses('IMAGE_INVALID', 400) })
    choose(new File(['not really'], 'fake.jpg', { type: 'image/jpeg' }))
    fireEvent.change(field.prefecture(), { target: { value: '北海道' } })
    save()
    const input = screen.getByLabelText<HTMLInputElement>('別の画像を選ぶ')
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByRole('alert').textContent).toBe(
      'この画像は読み込めませんでした。別の画像（JPEG・PNG・WebP）を選んでください。',
    )
    expect(document.activeElement).toBe(input)
    expect(field.prefecture().value).toBe('北海道')
    // Choosing none saves the rest.
    fireEvent.click(screen.getByRole('button', { name: '選ぶのをやめる' }))
    expect(screen.queryByRole('img', { name: '選んだ画像のプレビュー' })).toBeNull()
  })

  it('the current picture can be taken away by the same save', async () => {
    const withImage = { ...PROFILE, imageId: 'i0', profileImageUrl: '/sp/profile/image/i0' }
    await renderLoaded({ profile: withImage })
    fireEvent.click(screen.getByRole('button', { name: '画像を外す' }))
    expect(screen.getByText('「保存する」を押すと、プロフィール画像が外れます。')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'プロフィール画像は設定されていません' })).toBeTruthy()
    save()
    await waitFor(() => expect(screen.getByText('プロフィールを保存しました。')).toBeTruthy())
    expect(saves[0]).toMatchObject({ fields: { removeImage: true }, image: null })
  })

  it('a failed connection keeps the picture chosen, to save again', async () => {
    await renderLoaded({ save: () => 'network' })
    choose(jpeg())
    save()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('通信できませんでした'))
    expect(screen.getByRole('img', { name: '選んだ画像のプレビュー' })).toBeTruthy()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '保存する' }).disabled).toBe(false)
  })

  it('offers the way back to the page that sent the member for a field, and only to a page of this site', async () => {
    member()
    renderWithProviders(<UserinfoScreen />, { path: '/sp/setting/userinfo?from=%2Fsp%2Faudition' })
    const back = await screen.findByRole('link', { name: 'もとのページにもどる' })
    expect(back.getAttribute('href')).toBe('/sp/audition')
    cleanup()

    member()
    renderWithProviders(<UserinfoScreen />, {
      path: '/sp/setting/userinfo?from=https%3A%2F%2Fevil.example%2Fsp%2F',
    })
    await screen.findByLabelText('ニックネーム')
    expect(screen.queryByRole('link', { name: 'もとのページにもどる' })).toBeNull()
  })
})
