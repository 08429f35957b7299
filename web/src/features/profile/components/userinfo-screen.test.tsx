// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeUpload } from '../../../testing/fake-upload'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { UserinfoScreen } from './userinfo-screen'

type Penalty = null | 'WARNING' | 'ACCESSCONTROL'

function memberStatus(snsPenalty: Penalty = null) {
  return {
    account: {
      id: 'a1',
      protected: false,
      canAddOn: false,
      snsPenalty,
      purigetPenalty: 'GREEN',
      official: false,
      mailAddress: 'hana@example.jp',
      registeredAt: '2026-01-01T00:00:00',
    },
    membershipStatus: 'MINI',
  }
}

const PROFILE = {
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

function member(options: { penalty?: Penalty; put?: Handler; profile?: typeof PROFILE } = {}) {
  return mockApi({
    'GET /sp/2/account/self': () => wrapperResponse({ entity: memberStatus(options.penalty ?? null) }),
    'GET /sp/profile': () => wrapperResponse({ entity: options.profile ?? PROFILE }),
    'PUT /sp/profile': options.put ?? ((init) => wrapperResponse({ entity: JSON.parse(String(init?.body)) })),
  })
}

const field = {
  nickname: () => screen.getByLabelText<HTMLInputElement>('ニックネーム'),
  year: () => screen.getByLabelText<HTMLSelectElement>('誕生日の年'),
  month: () => screen.getByLabelText<HTMLSelectElement>('誕生日の月'),
  day: () => screen.getByLabelText<HTMLSelectElement>('誕生日の日'),
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
  // 2026-11-20 12:00 in Japan; only Date is faked, timers run.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-20T03:00:00Z'))
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
    expect(calls.find((call) => call.key === 'PUT /sp/profile')?.body).toEqual({
      nickname: 'PURI',
      birthday: '2000-05-10',
      gender: null,
      prefectureName: '沖縄県',
    })
    expect(field.nickname().value).toBe('PURI')
  })

  describe('tells mistakes next to their field, without a request, keeping what was typed', () => {
    it('a nickname over 20 characters', async () => {
      const { calls } = await renderLoaded()
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
      expect(calls.some((call) => call.key === 'PUT /sp/profile')).toBe(false)
    })

    it('emoji count as people see them: 20 are fine', async () => {
      const { calls } = await renderLoaded()
      fireEvent.change(field.nickname(), { target: { value: '🍓'.repeat(20) } })
      save()
      await waitFor(() => expect(calls.some((call) => call.key === 'PUT /sp/profile')).toBe(true))
      expect(screen.queryByRole('alert')).toBeNull()
    })

    it('a line break or control character in the nickname', async () => {
      await renderLoaded()
      fireEvent.change(field.nickname(), { target: { value: 'は\u0007な' } })
      save()
      expect(screen.getAllByRole('alert')[0]!.textContent).toBe(
        'ニックネームに使えない文字（改行・タブ・特殊な制御文字など）が含まれています。',
      )
    })

    it('a birthday with only some parts, one that does not exist, one in the future', async () => {
      const { calls } = await renderLoaded()
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
      expect(calls.some((call) => call.key === 'PUT /sp/profile')).toBe(false)
    })
  })

  describe("maps the server's answer back to the form", () => {
    it('NICKNAME_INVALID goes next to the nickname; the typed value stays', async () => {
      await renderLoaded({
        put: () => wrapperResponse({ error: { code: 'NICKNAME_INVALID', message: 'x' } }, 400),
      })
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
      await renderLoaded({
        put: () => wrapperResponse({ error: { code: 'BIRTHDAY_INVALID', message: 'x' } }, 400),
      })
      save()
      const fieldset = field.year().closest('fieldset') as HTMLElement
      await waitFor(() => expect(within(fieldset).getByRole('alert').textContent).toContain('この誕生日'))
    })

    it('SNS_RESTRICTED and network failures are told above the button, keeping every field', async () => {
      let answer: Handler = () => wrapperResponse({ error: { code: 'SNS_RESTRICTED', message: 'x' } }, 403)
      await renderLoaded({ put: (init) => answer(init) })
      fireEvent.change(field.nickname(), { target: { value: 'あたらしい' } })
      fireEvent.change(field.prefecture(), { target: { value: '北海道' } })
      save()
      expect((await screen.findByRole('alert')).textContent).toBe(
        '現在このアカウントでは、プロフィールを変更できません。',
      )

      answer = () => {
        throw new TypeError('Failed to fetch')
      }
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
      expect(field.nickname().disabled).toBe(false)
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

describe('profile image', () => {
  /** What the server answers the upload, set by each test. */
  let answer: { status: number; body: unknown } = { status: 200, body: {} }
  /** The test plays the network: some progress, then the answer. */
  const finish = (upload: FakeUpload) => {
    upload.progress(50)
    upload.answer(answer.status, answer.body)
  }

  beforeEach(() => {
    FakeUpload.last = null
    vi.stubGlobal('XMLHttpRequest', FakeUpload)
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    )
  })

  function choose(file: File) {
    fireEvent.change(screen.getByLabelText('画像を選ぶ'), { target: { files: [file] } })
  }

  const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' })

  it('refuses a file that is plainly not a picture, or too big, before sending it', async () => {
    await renderLoaded()
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(screen.getByRole('alert').textContent).toBe('画像ファイルを選んでください。')
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    choose(big)
    expect(screen.getByRole('alert').textContent).toBe(
      '画像のサイズが大きすぎます。10MB以下の画像を選んでください。',
    )
    expect(FakeUpload.last).toBeNull()
  })

  it('previews the chosen picture, sends it with progress, then shows the new one', async () => {
    await renderLoaded()
    choose(jpeg())
    expect(screen.getByRole<HTMLImageElement>('img', { name: '選んだ画像のプレビュー' }).src).toBe(
      'blob:preview',
    )
    answer = {
      status: 200,
      body: {
        entity: { ...PROFILE, imageId: 'i1', profileImageUrl: '/sp/profile/image/i1' },
        error: null,
        clock: null,
      },
    }
    fireEvent.click(screen.getByRole('button', { name: 'この画像にする' }))
    await waitFor(() => expect(FakeUpload.last).not.toBeNull())
    const upload = FakeUpload.last!
    expect(upload.method).toBe('POST')
    expect(upload.url).toBe('/sp/profile/image')
    expect(upload.headers['X-Requested-With']).toBe('XMLHttpRequest')
    expect(upload.withCredentials).toBe(true)
    expect((upload.sent!.get('image') as File).name).toBe('me.jpg')
    expect(screen.getByRole('progressbar')).toBeTruthy()

    finish(upload)
    await waitFor(() => expect(screen.getByText('プロフィール画像を変更しました。')).toBeTruthy())
    expect(screen.getByRole<HTMLImageElement>('img', { name: '現在のプロフィール画像' }).src).toContain(
      '/sp/profile/image/i1',
    )
  })

  it('a picture the server refuses is told why; choose another. After a network failure it stays', async () => {
    await renderLoaded()
    choose(new File(['not really'], 'fake.jpg', { type: 'image/jpeg' }))
    answer = {
      status: 400,
      body: { entity: null, error: { code: 'IMAGE_INVALID', message: 'x' }, clock: null },
    }
    fireEvent.click(screen.getByRole('button', { name: 'この画像にする' }))
    await waitFor(() => expect(FakeUpload.last).not.toBeNull())
    finish(FakeUpload.last!)
    expect((await screen.findByRole('alert')).textContent).toBe(
      '画像を読み込めませんでした。壊れていない写真（JPEG・PNG・WebP）を選んでください。',
    )
    expect(screen.queryByRole('button', { name: 'この画像にする' })).toBeNull()

    FakeUpload.last = null
    choose(jpeg())
    fireEvent.click(screen.getByRole('button', { name: 'この画像にする' }))
    await waitFor(() => expect(FakeUpload.last).not.toBeNull())
    FakeUpload.last!.onerror?.()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('通信できませんでした'))
    expect(screen.getByRole('button', { name: 'この画像にする' })).toBeTruthy()
  })
})
