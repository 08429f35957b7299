// @vitest-environment jsdom
import type { AdminInquiry } from '@puribox/contract/admin-inquiries'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  adminInquiry,
  answer,
  INQUIRIES_API,
  INQUIRY_ID,
  ME,
  REN,
  refusal,
  stubInquiriesApi,
} from './testing/inquiry-fixtures'

const INQUIRY = `${INQUIRIES_API}/${INQUIRY_ID}`
const PAGE = `/admin/inquiries/${INQUIRY_ID}`

const reply = {
  id: 'r1',
  operator: REN,
  mailAddress: 'hana@example.jp',
  subject: '【PuriBox】お問い合わせへの回答（受付番号 PB261120-ABCD）',
  text: 'お問い合わせありがとうございます。\nシールIDをもう一度お確かめください。',
  sentAt: '2026-11-20T04:00:00.000Z',
}
const note = { id: 'n1', operator: ME, text: '機種の不具合かも', createdAt: '2026-11-20T03:00:00.000Z' }
const laterNote = { id: 'n2', operator: null, text: '様子見', createdAt: '2026-11-20T05:00:00.000Z' }

/** The inquiry's page's request, answering the inquiry as `current()` says now. */
function inquiryApi(
  current: () => AdminInquiry,
  more: Record<string, (request: { body: unknown }) => Response> = {},
) {
  return { [`GET ${INQUIRY}`]: () => answer(current())(), ...more }
}

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const region = (name: RegExp | string) => screen.getByRole('region', { name })
const entries = () =>
  within(region(/^やりとり/))
    .queryAllByRole('listitem')
    .filter((item) => item.classList.contains('inquiry-entry'))
const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body)
const status = async () => (await screen.findByRole('status', {}, {})).textContent

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe("an inquiry's page", () => {
  it('shows what the person sent, where it stands, and the replies and notes in the order written', async () => {
    stubInquiriesApi(inquiryApi(() => adminInquiry({ replies: [reply], notes: [laterNote, note] })))
    renderConsole(PAGE)
    await screen.findByRole('heading', { name: '受付番号 PB261120-ABCD', level: 1 })
    expect(document.title).toBe('受付番号 PB261120-ABCD | PuriBox 管理')
    const message = region('お問い合わせの内容')
    expect(message.textContent).toContain('シールIDを入れても、プリが見つかりません。\n昨日撮ったものです。')
    expect(message.textContent).toContain('シールIDAB3CD-EF4GH')
    expect(message.textContent).toContain('プリ機ミルキースター')
    expect(message.textContent).toContain('撮った日・起きた日2026-11-19')
    // Fields the topic did not ask for are not listed.
    expect(message.textContent).not.toContain('携帯電話会社')
    const facts = region('概要')
    expect(facts.textContent).toContain('状態新規')
    expect(facts.textContent).toContain('担当者なし')
    expect(facts.textContent).toContain('内容シールIDでプリが見つからない')
    expect(facts.textContent).toContain('受付日時2026/11/20 11:45')
    expect(facts.textContent).toContain('返信先hana@example.jp')
    expect(facts.textContent).toContain('受付の確認：2026/11/20 11:45')
    expect(screen.getByRole('heading', { name: 'やりとり（返信1件・メモ2件）' })).toBeTruthy()
    expect(entries().map((entry) => entry.textContent)).toEqual([
      `メモ${ME.operatorMailAddress}2026/11/20 12:00機種の不具合かも`,
      `返信${REN.operatorMailAddress}2026/11/20 13:00送信先hana@example.jp件名${reply.subject}${reply.text}`,
      'メモ削除された運営スタッフ2026/11/20 14:00様子見',
    ])
    // The way back is the inbox.
    expect(screen.getByRole('link', { name: 'お問い合わせの一覧へ戻る' }).getAttribute('href')).toBe(
      '/admin/inquiries',
    )
    // An admin may do everything.
    expect(screen.getByRole('button', { name: '自分が担当する' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '状態を変更する' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'メールで返信する' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'メモを追加する' })).toBeTruthy()
  })

  it('lists each field the topic asked for in the words the person chose from', async () => {
    const draft = {
      ...adminInquiry().draft,
      sealIds: [],
      machine: null,
      date: null,
      checkedImage: { sealId: 'AB3CD-EF4GH', number: 2 },
      carrier: 'AU' as const,
      accountKind: 'PREMIUM' as const,
      paymentKind: 'DOCOMO' as const,
      paymentPrice: 1100,
      howToRegister: ['MAIL' as const, 'LINE' as const],
    }
    stubInquiriesApi(inquiryApi(() => adminInquiry({ topic: 'payment', draft })))
    renderConsole(PAGE)
    const message = await screen.findByRole('region', { name: 'お問い合わせの内容' })
    expect([...message.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'メールアドレス',
      '対象のプリ',
      '携帯電話会社',
      '会員の種類',
      '支払い方法',
      '支払い金額',
      '試した登録・ログインの方法',
    ])
    expect([...message.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      'hana@example.jp',
      'AB3CD-EF4GH の2枚目',
      'au',
      'プレミアム会員',
      'ドコモ払い',
      '1,100円',
      'メールアドレス、LINE',
    ])
  })

  it.each(['VIEWER', 'EDITOR'] as const)(
    'shows the role %s what the person wrote as hidden, and offers nothing to do',
    async (role) => {
      const masked = adminInquiry({
        replyTo: '***',
        draft: { ...adminInquiry().draft, text: '***', mailAddresses: ['***'], sealIds: ['***'] },
        replies: [{ ...reply, mailAddress: '***', text: '***' }],
        notes: [{ ...note, text: '***' }],
      })
      stubInquiriesApi(
        inquiryApi(() => masked),
        role,
      )
      renderConsole(PAGE)
      await screen.findByRole('heading', { name: '受付番号 PB261120-ABCD', level: 1 })
      expect(document.body.textContent).not.toContain('***')
      expect(region('お問い合わせの内容').textContent).toContain('非表示')
      expect(
        screen.getByText(
          'いまの権限では、お問い合わせの文面、連絡先、シールID、返信とメモの本文は「非表示」と表示されます。',
        ),
      ).toBeTruthy()
      expect(
        screen.getByText(/担当者と状態の変更、返信、メモの追加は、サポート担当か管理者が行います。/),
      ).toBeTruthy()
      for (const name of [
        '自分が担当する',
        '担当者を変更する',
        '状態を変更する',
        'メールで返信する',
        'メモを追加する',
      ])
        expect(screen.queryByRole('button', { name })).toBeNull()
    },
  )

  it('says so when the inquiry is not there, and an address of no inquiry is not found', async () => {
    stubInquiriesApi({ [`GET ${INQUIRY}`]: refusal('INQUIRY_NOT_FOUND', 404) })
    const view = renderConsole(PAGE)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('お問い合わせを表示できませんでした。')
    expect(alert.textContent).toContain('このお問い合わせは見つかりませんでした。')
    view.unmount()
    renderConsole('/admin/inquiries/PB261120-ABCD')
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeTruthy()
  })
})

describe('who handles it and its state (support)', () => {
  it('takes the inquiry at one tap', async () => {
    let current = adminInquiry()
    const calls = stubInquiriesApi(
      inquiryApi(() => current, {
        [`PUT ${INQUIRY}/assignee`]: () => {
          current = adminInquiry({ assignee: ME, state: 'in-progress' })
          return answer(current)()
        },
      }),
      'SUPPORT',
    )
    renderConsole(PAGE)
    fireEvent.click(await screen.findByRole('button', { name: '自分が担当する' }))
    expect(await status()).toBe(`担当者を${ME.operatorMailAddress}にしました。`)
    expect(region('概要').textContent).toContain(`担当者${ME.operatorMailAddress}`)
    expect(screen.queryByRole('button', { name: '自分が担当する' })).toBeNull()
    expect(field<HTMLSelectElement>('担当者を選ぶ').value).toBe(ME.operatorId)
    expect(sent(calls, `PUT ${INQUIRY}/assignee`)).toEqual([{ assigneeId: ME.operatorId }])
  })

  it('gives it to another operator with a reason, sends nothing when nothing changed, and tells a refusal', async () => {
    let refuse = false
    const calls = stubInquiriesApi(
      inquiryApi(() => adminInquiry(), {
        [`PUT ${INQUIRY}/assignee`]: () =>
          refuse ? refusal('INQUIRY_ASSIGNEE_INVALID', 422)() : answer(adminInquiry({ assignee: REN }))(),
      }),
      'SUPPORT',
    )
    renderConsole(PAGE)
    const select = await screen.findByLabelText<HTMLSelectElement>('担当者を選ぶ')
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3))
    fireEvent.click(screen.getByRole('button', { name: '担当者を変更する' }))
    expect(await status()).toBe('担当者が変わっていないため、変更しませんでした。')
    expect(sent(calls, `PUT ${INQUIRY}/assignee`)).toEqual([])

    refuse = true
    const form = select.closest('form') as HTMLElement
    fireEvent.change(select, { target: { value: REN.operatorId } })
    fireEvent.click(screen.getByRole('button', { name: '担当者を変更する' }))
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'この運営スタッフには担当を割り当てられません。ページを再読み込みして、一覧から選び直してください。',
    )

    refuse = false
    const reason = within(form).getByLabelText('理由（任意）')
    fireEvent.change(reason, { target: { value: 'あ'.repeat(501) } })
    fireEvent.click(screen.getByRole('button', { name: '担当者を変更する' }))
    expect(within(form).getByRole('alert').textContent).toBe('理由は、500文字以内で入力してください。')
    fireEvent.change(reason, { target: { value: ' 支払いの件はレンさん ' } })
    fireEvent.click(screen.getByRole('button', { name: '担当者を変更する' }))
    expect(await status()).toBe(`担当者を${REN.operatorMailAddress}にしました。`)
    expect(sent(calls, `PUT ${INQUIRY}/assignee`)).toEqual([
      { assigneeId: REN.operatorId },
      { assigneeId: REN.operatorId, reason: '支払いの件はレンさん' },
    ])
  })

  it('sets the state, and tells a refusal without changing what is shown', async () => {
    let refuse = false
    const calls = stubInquiriesApi(
      inquiryApi(() => adminInquiry(), {
        [`PUT ${INQUIRY}/state`]: ({ body }) =>
          refuse
            ? refusal('FORBIDDEN', 403)()
            : answer(adminInquiry({ state: (body as { state: AdminInquiry['state'] }).state }))(),
      }),
      'SUPPORT',
    )
    renderConsole(PAGE)
    const select = await screen.findByLabelText<HTMLSelectElement>('状態を選ぶ')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['新規', '対応中', '返信済み', '完了'])
    refuse = true
    fireEvent.change(select, { target: { value: 'closed' } })
    fireEvent.click(screen.getByRole('button', { name: '状態を変更する' }))
    const form = select.closest('form') as HTMLElement
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'この操作をする権限がありません。権限が変わった可能性があります。ページを再読み込みして、表示を確かめてください。',
    )
    expect(region('概要').textContent).toContain('状態新規')

    refuse = false
    fireEvent.click(screen.getByRole('button', { name: '状態を変更する' }))
    expect(await status()).toBe('状態を「完了」にしました。')
    expect(region('概要').textContent).toContain('状態完了')
    expect(sent(calls, `PUT ${INQUIRY}/state`)).toEqual([{ state: 'closed' }, { state: 'closed' }])
  })
})

describe('replying by mail (support)', () => {
  it('tells an empty or too long reply in Japanese, sending nothing and losing nothing', async () => {
    const calls = stubInquiriesApi(
      inquiryApi(() => adminInquiry()),
      'SUPPORT',
    )
    renderConsole(PAGE)
    await screen.findByRole('button', { name: 'メールで返信する' })
    expect(region('メールで返信').textContent).toContain('送信先： hana@example.jp')
    type('返信の本文', '   ')
    fireEvent.click(screen.getByRole('button', { name: 'メールで返信する' }))
    expect(errorOf('返信の本文')).toBe('返信の本文を入力してください。')
    type('返信の本文', 'あ'.repeat(5001))
    fireEvent.click(screen.getByRole('button', { name: 'メールで返信する' }))
    expect(errorOf('返信の本文')).toBe('返信の本文は、5000文字以内で入力してください。')
    expect(field<HTMLTextAreaElement>('返信の本文').value).toHaveLength(5001)
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])
  })

  it('mails the reply, shows it in the thread and empties the form', async () => {
    let current = adminInquiry()
    const calls = stubInquiriesApi(
      inquiryApi(() => current, {
        [`POST ${INQUIRY}/replies`]: () => {
          current = adminInquiry({ state: 'answered', assignee: ME, replies: [{ ...reply, operator: ME }] })
          return answer(current)()
        },
      }),
      'SUPPORT',
    )
    renderConsole(PAGE)
    await screen.findByRole('button', { name: 'メールで返信する' })
    type('返信の本文', `\n${reply.text}\n`)
    fireEvent.click(screen.getByRole('button', { name: 'メールで返信する' }))
    expect(await status()).toBe('返信をメールで送信しました。')
    expect(sent(calls, `POST ${INQUIRY}/replies`)).toEqual([{ text: reply.text }])
    expect(entries()).toHaveLength(1)
    expect(entries()[0]?.textContent).toContain(reply.text)
    expect(region('概要').textContent).toContain('状態返信済み')
    expect(field<HTMLTextAreaElement>('返信の本文').value).toBe('')
    expect(sessionStorage.getItem(`puribox:draft:admin-inquiry-reply:${INQUIRY_ID}`)).toBeNull()
  })

  it('says nothing was sent when the mail server refused, keeping the text, which a reload keeps too', async () => {
    const calls = stubInquiriesApi(
      inquiryApi(() => adminInquiry(), {
        [`POST ${INQUIRY}/replies`]: refusal('INQUIRY_REPLY_NOT_MAILED', 502),
      }),
      'SUPPORT',
    )
    const view = renderConsole(PAGE)
    await screen.findByRole('button', { name: 'メールで返信する' })
    type('返信の本文', reply.text)
    fireEvent.click(screen.getByRole('button', { name: 'メールで返信する' }))
    const form = field('返信の本文').closest('form') as HTMLElement
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'メールサーバーが受け付けなかったため、返信は送信されていません（保存もされていません）。入力した本文はそのまま残っています。時間をおいて、もう一度送信してください。',
    )
    expect(field<HTMLTextAreaElement>('返信の本文').value).toBe(reply.text)
    expect(entries()).toHaveLength(0)
    expect(sent(calls, `POST ${INQUIRY}/replies`)).toHaveLength(1)

    // The page again (a reload): the reply is still there to send.
    view.unmount()
    renderConsole(PAGE)
    await waitFor(() => expect(field<HTMLTextAreaElement>('返信の本文').value).toBe(reply.text))
  })

  it('when no answer came, says it cannot tell whether the reply went and shows the thread as it is now', async () => {
    let asked = 0
    stubInquiriesApi(
      {
        [`GET ${INQUIRY}`]: () => {
          asked += 1
          return answer(adminInquiry())()
        },
        [`POST ${INQUIRY}/replies`]: () => {
          throw new TypeError('Failed to fetch')
        },
      },
      'SUPPORT',
    )
    renderConsole(PAGE)
    await screen.findByRole('button', { name: 'メールで返信する' })
    const before = asked
    type('返信の本文', reply.text)
    fireEvent.click(screen.getByRole('button', { name: 'メールで返信する' }))
    const form = field('返信の本文').closest('form') as HTMLElement
    expect((await within(form).findByRole('alert')).textContent).toContain(
      '返信が送信されたかどうかを確認できませんでした。',
    )
    await waitFor(() => expect(asked).toBeGreaterThan(before))
    expect(field<HTMLTextAreaElement>('返信の本文').value).toBe(reply.text)
  })
})

describe('internal notes (support)', () => {
  it('adds a note, never mailed, and tells a failure keeping the text', async () => {
    let current = adminInquiry()
    let refuse = true
    const calls = stubInquiriesApi(
      inquiryApi(() => current, {
        [`POST ${INQUIRY}/notes`]: () => {
          if (refuse) return refusal('INQUIRY_NOT_FOUND', 404)()
          current = adminInquiry({ notes: [note] })
          return answer(current)()
        },
      }),
      'SUPPORT',
    )
    renderConsole(PAGE)
    await screen.findByRole('button', { name: 'メモを追加する' })
    expect(region('メモを追加').textContent).toContain('お客さまにメールで送られることはありません。')
    fireEvent.click(screen.getByRole('button', { name: 'メモを追加する' }))
    expect(errorOf('メモ')).toBe('メモを入力してください。')
    type('メモ', note.text)
    fireEvent.click(screen.getByRole('button', { name: 'メモを追加する' }))
    const form = field('メモ').closest('form') as HTMLElement
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'このお問い合わせは見つかりませんでした。退会などで削除された可能性があります。',
    )
    expect(field<HTMLTextAreaElement>('メモ').value).toBe(note.text)

    refuse = false
    fireEvent.click(screen.getByRole('button', { name: 'メモを追加する' }))
    expect(await status()).toBe('メモを追加しました。')
    expect(entries()[0]?.textContent).toContain(note.text)
    expect(field<HTMLTextAreaElement>('メモ').value).toBe('')
    expect(sent(calls, `POST ${INQUIRY}/notes`)).toEqual([{ text: note.text }, { text: note.text }])
    expect(calls.some((call) => call.key.endsWith('/replies'))).toBe(false)
  })
})
