// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { jstFromNow } from '../../../testing/clock'
import { accountStatus, renderWithProviders, wrapperResponse } from '../../../testing/render'
import { InquiryScreen } from './inquiry-screen'

const HELP = {
  categories: [
    {
      id: 'seal-id',
      title: 'シールIDについて',
      lead: '',
      answers: [
        {
          id: 'seal-id-not-found',
          question: '見つかりませんと表示されます',
          featured: false,
          body: [],
          keywords: [],
          related: [],
        },
        {
          id: 'seal-id-input',
          question: '入力のしかた',
          featured: false,
          body: [],
          keywords: [],
          related: [],
        },
      ],
    },
  ],
}

interface Call {
  key: string
  body: unknown
}

/** A fetch by `METHOD path` (help's address by its path alone); answers what `routes` say. */
function stubFetch(routes: Record<string, (body: unknown) => Response | Promise<Response>>): Call[] {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).split('?')[0]
      const key = `${init?.method ?? 'GET'} ${url}`
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ key, body })
      if (key === 'GET /static/help.json') return new Response(JSON.stringify(HELP))
      const route = routes[key]
      if (!route) throw new Error(`unexpected request ${key}`)
      return route(body)
    }),
  )
  return calls
}

const guest = () => wrapperResponse({ entity: accountStatus('GUEST') })
const noProblems = (body: unknown) => {
  const { sealIds, mailAddresses } = body as { sealIds: string[]; mailAddresses: string[] }
  return wrapperResponse({
    entity: {
      seals: sealIds.map((typed) => ({
        typed,
        sealId: typed.replace('-', ''),
        exists: false,
        puriNumbers: [],
      })),
      mails: mailAddresses.map((typed) => ({ typed, problem: null, suggestion: null })),
    },
  })
}
const SENT = {
  referenceNumber: 'PB261120-7K3M',
  topic: 'sealLookup',
  replyTo: 'hanako@example.com',
  receivedAt: '2026-11-20T12:00:00',
}

function open(hash: string) {
  window.history.replaceState(null, '', `/sp/common/inquiry${hash}`)
}

const field = (name: RegExp) => screen.getByLabelText(name)
const valueIn = (element: HTMLElement) => (element as HTMLInputElement).value
const type = (name: RegExp, value: string) => {
  fireEvent.change(field(name), { target: { value } })
  fireEvent.blur(field(name))
}

beforeEach(() => {
  open('')
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('InquiryScreen', () => {
  it('lists the topics; /sp/common/inquiry_puri only those about a seal', async () => {
    stubFetch({ 'GET /sp/2/account/self': guest })
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    const links = within(screen.getByRole('list')).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toContain('#/puriboxPhotos/input')
    expect(links).toHaveLength(8)
    cleanup()
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry_puri' })
    expect(within(screen.getByRole('list')).getAllByRole('link')).toHaveLength(3)
    expect(screen.getByRole('link', { name: 'ほかのことでお問い合わせ' }).getAttribute('href')).toBe(
      '/sp/common/inquiry',
    )
  })

  it("shows the topic's help answers first, the rules as the person types, then confirms and sends once", async () => {
    const calls = stubFetch({
      'GET /sp/2/account/self': guest,
      'POST /sp/2/inquiries/checks': noProblems,
      'POST /sp/2/inquiries': () => wrapperResponse({ entity: SENT }),
    })
    open('#/input/sealLookup')
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    expect(
      (await screen.findByRole('link', { name: '見つかりませんと表示されます' })).getAttribute('href'),
    ).toBe('/web/common/help/answer/seal-id-not-found')
    // The topic asks for no payment: no such field.
    expect(screen.queryByLabelText(/お支払い方法/)).toBeNull()

    type(/シールID1/, 'ABCDE-1234U')
    expect(await screen.findByText(/シールIDは英数字10文字/)).toBeTruthy()
    type(/シールID1/, 'abcde-12345')
    expect(screen.queryByText(/シールIDは英数字10文字/)).toBeNull()
    expect(
      await screen.findByText(/このシールIDのプリは見つかりませんでした/, {}, { timeout: 3000 }),
    ).toBeTruthy()
    type(/メールアドレス1/, 'hanako@docomo.ne.jo')
    expect(screen.getByText(/hanako@docomo.ne.jp ではありませんか/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'hanako@docomo.ne.jp に直す' }))
    expect(valueIn(field(/メールアドレス1/))).toBe('hanako@docomo.ne.jp')
    type(/メールアドレス1/, 'hanako@example.com')

    // The date and the text are missing: both are told, in a summary, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: '入力内容を確認する' }))
    expect(screen.getByRole('heading', { name: /入力内容を確認してください|入力内容に/ })).toBeTruthy()
    expect(screen.getAllByText('入力してください。').length).toBeGreaterThanOrEqual(2)
    // The summary names each field, in the form's order: the same sentence twice would not say which is which.
    const summary = screen.getByRole('heading', { name: /入力内容に/ }).closest('section')!
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['撮った日・起きた日：入力してください。', 'お問い合わせ内容：入力してください。'])

    type(/撮った日・起きた日/, '2020-01-01')
    expect(screen.getByText('1年以内の日付を選んでください。', { selector: '.field-error' })).toBeTruthy()
    type(/撮った日・起きた日/, jstFromNow({ days: -1 }).slice(0, 10))
    type(/お問い合わせ内容/, 'シールIDを入れても見つかりません。')
    fireEvent.click(screen.getByRole('button', { name: '入力内容を確認する' }))

    expect(await screen.findByText(/この内容で送ります/)).toBeTruthy()
    expect(window.location.hash).toBe('#/confirm/sealLookup')
    expect(screen.getByText('ABCDE-12345')).toBeTruthy()
    const send = screen.getByRole('button', { name: '送信する' })
    fireEvent.click(send)
    fireEvent.click(send)
    expect(await screen.findByText('PB261120-7K3M')).toBeTruthy()
    expect(window.location.hash).toBe('#/sent')
    const sends = calls.filter((call) => call.key === 'POST /sp/2/inquiries')
    expect(sends).toHaveLength(1)
    expect(sends[0]!.body).toMatchObject({
      topic: 'sealLookup',
      sealIds: ['abcde-12345'],
      mailAddresses: ['hanako@example.com'],
      text: 'シールIDを入れても見つかりません。',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(sends[0]!.body).not.toHaveProperty('paymentKind')
    // Checks never asked about malformed seal IDs.
    for (const check of calls.filter((call) => call.key === 'POST /sp/2/inquiries/checks'))
      expect((check.body as { sealIds: string[] }).sealIds).not.toContain('ABCDE-1234U')
  })

  it('keeps the draft over a reload, with the same idempotency key', async () => {
    stubFetch({ 'GET /sp/2/account/self': guest, 'POST /sp/2/inquiries/checks': noProblems })
    open('#/input/other')
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    type(/お問い合わせ内容/, '途中まで書いた内容です。')
    type(/メールアドレス1/, 'hanako@example.com')
    cleanup()
    // A reload: a new app over this tab's storage (which renderWithProviders would empty).
    vi.spyOn(Storage.prototype, 'clear').mockImplementation(() => undefined)
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    vi.mocked(Storage.prototype.clear).mockRestore()
    expect(valueIn(field(/お問い合わせ内容/))).toBe('途中まで書いた内容です。')
    expect(valueIn(field(/メールアドレス1/))).toBe('hanako@example.com')
  })

  it("fills in a signed-in member's mail address, membership and payment", async () => {
    stubFetch({
      'GET /sp/2/account/self': () =>
        wrapperResponse({
          entity: {
            ...accountStatus('PREMIUM'),
            account: { id: 'a1', official: false, mailAddress: 'mika@example.com' },
          },
        }),
      'GET /sp/2/payment/self': () => wrapperResponse({ entity: { kindId: 'DOCOMO', priceYen: 330 } }),
      'POST /sp/2/inquiries/checks': noProblems,
    })
    open('#/input/payment')
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    await waitFor(() => expect(valueIn(field(/メールアドレス1/))).toBe('mika@example.com'))
    const checked = (name: string) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked
    expect(checked('プレミアム会員')).toBe(true)
    expect(checked('無料会員')).toBe(false)
    expect(checked('ドコモ払い')).toBe(true)
    expect(valueIn(field(/お支払い金額/))).toBe('330')
  })

  it('lets an optional choice go back to no answer, which is sent as none; a required one has no such choice', async () => {
    const calls = stubFetch({
      'GET /sp/2/account/self': guest,
      'POST /sp/2/inquiries/checks': noProblems,
      'POST /sp/2/inquiries': () => wrapperResponse({ entity: { ...SENT, topic: 'leave' } }),
    })
    open('#/input/leave')
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    const kinds = screen.getByRole('group', { name: /会員の種類（任意）/ })
    const radio = (name: string) => within(kinds).getByRole('radio', { name }) as HTMLInputElement
    expect(radio('選択しない').checked).toBe(true)
    fireEvent.click(radio('プレミアム会員'))
    expect(radio('プレミアム会員').checked).toBe(true)
    fireEvent.click(radio('選択しない'))
    expect(radio('選択しない').checked).toBe(true)
    expect(radio('プレミアム会員').checked).toBe(false)

    type(/お問い合わせ内容/, '退会のしかたを教えてください。')
    type(/メールアドレス1/, 'hanako@example.com')
    fireEvent.click(screen.getByRole('button', { name: '入力内容を確認する' }))
    expect(await screen.findByText(/この内容で送ります/)).toBeTruthy()
    expect(screen.queryByText('会員の種類')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '送信する' }))
    expect(await screen.findByText('PB261120-7K3M')).toBeTruthy()
    const sent = calls.find((call) => call.key === 'POST /sp/2/inquiries')!.body as Record<string, unknown>
    expect(sent.accountKind ?? null).toBeNull()

    cleanup()
    open('#/input/payment')
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    const required = screen.getByRole('group', { name: /会員の種類（必須）/ })
    expect(within(required).queryByRole('radio', { name: '選択しない' })).toBeNull()
    const carrier = screen.getByRole('group', { name: /お使いの携帯電話会社（任意）/ })
    expect(within(carrier).getByRole('radio', { name: '選択しない' })).toBeTruthy()
  })

  it('goes back to the form when the server refuses the rules, and keeps what was typed when rate limited', async () => {
    let answer = () =>
      wrapperResponse({ error: { code: 'RATE_LIMITED', message: 'x' } }, 429, { 'retry-after': '3600' })
    stubFetch({
      'GET /sp/2/account/self': guest,
      'POST /sp/2/inquiries/checks': noProblems,
      'POST /sp/2/inquiries': () => answer(),
    })
    open('#/input/other')
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    type(/お問い合わせ内容/, 'ほかのことで質問があります。')
    type(/メールアドレス1/, 'hanako@example.com')
    fireEvent.click(screen.getByRole('button', { name: '入力内容を確認する' }))
    fireEvent.click(await screen.findByRole('button', { name: '送信する' }))
    expect(await screen.findByText(/お問い合わせが続いたため/)).toBeTruthy()

    answer = () =>
      wrapperResponse(
        {
          error: {
            code: 'INQUIRY_INVALID',
            message: 'x',
            problems: [{ field: 'mailAddresses', problem: 'UNDELIVERABLE', index: 0 }],
          } as never,
        },
        400,
      )
    fireEvent.click(screen.getByRole('button', { name: '送信する' }))
    expect(await screen.findByText(/入力内容にまちがいがありました/)).toBeTruthy()
    expect(window.location.hash).toBe('#/input/other')
    expect(valueIn(field(/お問い合わせ内容/))).toBe('ほかのことで質問があります。')
  })

  it('opens a confirmation of a draft that breaks its rules as the form', async () => {
    stubFetch({ 'GET /sp/2/account/self': guest })
    open('#/confirm/login')
    renderWithProviders(<InquiryScreen />, { path: '/sp/common/inquiry' })
    await waitFor(() => expect(window.location.hash).toBe('#/input/login'))
    await act(async () => {})
    expect(screen.getByRole('group', { name: /試した登録・ログインの方法/ })).toBeTruthy()
  })
})
