// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_EVENT, type AnalyticsEvent } from '../../../lib/analytics'
import { browserPage } from '../../../lib/page-navigation'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { policyStatusesQueryKey } from '../api/policy-statuses'
import { PolicyAgreementScreen } from './policy-agreement-screen'

const LATEST = '/sp/2/users/self/privacy_policy_statuses/latest'
const AGREE = '/sp/2/users/self/privacy_policy_statuses'

const policy = (kind: 'furyu' | 'puribox', version = '2026-04-01', agreed = false) => ({
  kind,
  version,
  // The full text of that very version (decision 0038).
  url: `/web/common/information/${kind === 'furyu' ? 'privacyPolicy' : 'externalTransmission'}?version=${version}`,
  agreed,
})
const BOTH = { policies: [policy('furyu'), policy('puribox')] }

/** A promise the test settles when it wants, to look at the screen in between. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>

/** A fetch that answers the two policy routes with the handlers given, in order. */
function stubApi(handlers: { latest?: Handler[]; agree?: Handler[] }) {
  const calls: { url: string; method: string; body: unknown }[] = []
  const queues = { latest: [...(handlers.latest ?? [])], agree: [...(handlers.agree ?? [])] }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const queue =
      url === LATEST && method === 'GET'
        ? queues.latest
        : url === AGREE && method === 'POST'
          ? queues.agree
          : null
    const handler = queue?.shift()
    if (!handler) throw new Error(`unexpected ${method} ${url}`)
    return handler(init)
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

const answer = (entity: unknown) => () => wrapperResponse({ entity })

let pageLoads: ReturnType<typeof vi.spyOn>
let reloads: ReturnType<typeof vi.spyOn>
let events: AnalyticsEvent[]
const recordEvent = (event: Event) => events.push((event as CustomEvent<AnalyticsEvent>).detail)

beforeEach(() => {
  pageLoads = vi.spyOn(browserPage, 'load').mockImplementation(() => {})
  reloads = vi.spyOn(browserPage, 'reload').mockImplementation(() => {})
  events = []
  window.addEventListener(ANALYTICS_EVENT, recordEvent)
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.removeEventListener(ANALYTICS_EVENT, recordEvent)
})

function open(query = '') {
  return renderWithProviders(<PolicyAgreementScreen />, { path: `/sp/privacy_policy/agreement${query}` })
}

describe('PolicyAgreementScreen', () => {
  it('shows a loading indicator, then both policies in their boxes with one agree button', async () => {
    const latest = deferred<Response>()
    stubApi({ latest: [() => latest.promise] })
    open()
    expect(screen.getByRole('status').textContent).toContain('読み込んでいます')
    expect(screen.queryByRole('button', { name: '同意する' })).toBeNull()

    latest.resolve(wrapperResponse({ entity: BOTH }))
    const privacy = await screen.findByRole('region', { name: 'プライバシーポリシー' })
    const contract = screen.getByRole('region', { name: 'PuriBox特約（情報の外部送信）' })
    expect(privacy.textContent).toContain('取得する情報')
    expect(contract.textContent).toContain('外部の事業者へ送信')
    expect(privacy.tabIndex).toBe(0)
    expect(privacy.className).toBe('policy-viewer')

    const fullText = screen.getByRole('link', { name: /プライバシーポリシーの全文を読む/ })
    expect(fullText.getAttribute('href')).toBe('/web/common/information/privacyPolicy?version=2026-04-01')
    expect(fullText.getAttribute('target')).toBe('_blank')
    expect(
      screen.getByRole('link', { name: /PuriBox特約（情報の外部送信）の全文を読む/ }).getAttribute('href'),
    ).toBe('/web/common/information/externalTransmission?version=2026-04-01')
    expect(screen.getAllByRole('button', { name: '同意する' })).toHaveLength(1)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it.each([
    ['', 'プライバシーポリシーへの同意', '次の2つへの同意が必要です'],
    ['?reason=revised', 'プライバシーポリシーの改定', 'ご同意いただいた内容を改定しました'],
    ['?reason=registration', '会員登録の最後に', '会員登録の最後のステップです'],
    ['?reason=other', 'プライバシーポリシーへの同意', '次の2つへの同意が必要です'],
  ])('%s says why it asks: %s', async (query, title, lead) => {
    stubApi({
      latest: [answer({ policies: [policy('furyu', '2026-04-01', true), policy('puribox', '2026-12-01')] })],
    })
    open(query)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title)
    expect(screen.getByText(new RegExp(lead))).toBeTruthy()
    // What did not change since the member agreed says so.
    const privacy = await screen.findByRole('region', { name: 'プライバシーポリシー' })
    expect(privacy.parentElement?.textContent).toContain('同意済み')
  })

  it('when loading fails, asks to tap to reload; tapping reloads the page', async () => {
    stubApi({ latest: [() => Promise.reject(new TypeError('Failed to fetch'))] })
    open()
    const alert = await screen.findByRole('alert')
    const prompt = within(alert).getByRole('button')
    expect(prompt.textContent).toContain('読み込みに失敗しました。タップして再読み込みしてください')
    expect(screen.queryByRole('button', { name: '同意する' })).toBeNull()
    fireEvent.click(prompt)
    expect(reloads).toHaveBeenCalledTimes(1)
  })

  it('shows nothing to agree to unless both policies are there', async () => {
    stubApi({ latest: [answer({ policies: [policy('furyu')] })] })
    open()
    expect((await screen.findByRole('alert')).textContent).toContain('タップして再読み込み')
    expect(screen.queryByRole('region', { name: 'プライバシーポリシー' })).toBeNull()
    expect(screen.queryByRole('button', { name: '同意する' })).toBeNull()
  })

  it('sends a guest to sign in, coming back here afterwards', async () => {
    stubApi({
      latest: [() => wrapperResponse({ error: { code: 'UNAUTHENTICATED', message: 'sign in first' } }, 401)],
    })
    const { location } = open('?afterAgreement=%2Fweb%2Fpuri%2Fform_seal_id')
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        `/web/login/top?next=${encodeURIComponent('/sp/privacy_policy/agreement?afterAgreement=%2Fweb%2Fpuri%2Fform_seal_id')}`,
      ),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('disables the button while agreeing, sends both kinds with their versions, then goes to afterAgreement', async () => {
    const posted = deferred<Response>()
    const calls = stubApi({ latest: [answer(BOTH)], agree: [() => posted.promise] })
    const { location } = open('?afterAgreement=%2Fweb%2Fpuri%2Fform_seal_id%3Ffrom%3Dagreement')
    fireEvent.click(await screen.findByRole('button', { name: '同意する' }))

    const button = await screen.findByRole('button', { name: '送信しています…' })
    expect(button).toHaveProperty('disabled', true)
    fireEvent.click(button)
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: AGREE,
        method: 'POST',
        body: {
          policies: [
            { kind: 'furyu', version: '2026-04-01' },
            { kind: 'puribox', version: '2026-04-01' },
          ],
        },
      },
    ])

    posted.resolve(
      wrapperResponse({
        entity: { policies: [policy('furyu', '2026-04-01', true), policy('puribox', '2026-04-01', true)] },
      }),
    )
    await waitFor(() => expect(location.history).toContain('/web/puri/form_seal_id?from=agreement'))
    expect(events).toEqual([])
  })

  it('goes to the top page when afterAgreement is absent', async () => {
    stubApi({ latest: [answer(BOTH)], agree: [answer(BOTH)] })
    const { location } = open()
    fireEvent.click(await screen.findByRole('button', { name: '同意する' }))
    await waitFor(() => expect(location.history).toContain('/sp/top/menu'))
  })

  it.each([
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\r\n//evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
  ])('goes to the top page, not to afterAgreement=%j', async (afterAgreement) => {
    stubApi({ latest: [answer(BOTH)], agree: [answer(BOTH)] })
    const { location } = open(`?afterAgreement=${encodeURIComponent(afterAgreement)}`)
    fireEvent.click(await screen.findByRole('button', { name: '同意する' }))
    await waitFor(() => expect(location.history).toContain('/sp/top/menu'))
    expect(pageLoads).not.toHaveBeenCalled()
  })

  it('loads an address the web app does not render (a server redirect) from the server', async () => {
    stubApi({ latest: [answer(BOTH)], agree: [answer(BOTH)] })
    open(`?afterAgreement=${encodeURIComponent('/sp/2/cookie/afterLogin')}`)
    fireEvent.click(await screen.findByRole('button', { name: '同意する' }))
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/sp/2/cookie/afterLogin', { replace: true }))
  })

  it('on failure says the communication failed, records an error event and enables the button again', async () => {
    const calls = stubApi({
      latest: [answer(BOTH)],
      agree: [() => Promise.reject(new TypeError('Failed to fetch')), answer(BOTH)],
    })
    const { location } = open()
    fireEvent.click(await screen.findByRole('button', { name: '同意する' }))

    const message = await screen.findByRole('alert')
    expect(message.textContent).toBe(
      '通信に失敗しました。お手数ですが、もう一度「同意する」ボタンを押してください。',
    )
    const button = screen.getByRole('button', { name: '同意する' })
    expect(button).toHaveProperty('disabled', false)
    expect(button.getAttribute('aria-describedby')).toBe(message.id)
    expect(events).toEqual([{ category: 'error', action: 'policy_agreement_failed', label: 'NETWORK' }])
    expect(location.history).toEqual(['/sp/privacy_policy/agreement'])

    fireEvent.click(button)
    await waitFor(() => expect(location.history).toContain('/sp/top/menu'))
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2)
  })

  it('when a newer version was published meanwhile, shows it and agrees to it on the next press', async () => {
    const newer = { policies: [policy('furyu', '2026-12-01'), policy('puribox')] }
    const calls = stubApi({
      latest: [answer(BOTH), answer(newer)],
      agree: [
        () => wrapperResponse({ error: { code: 'POLICY_VERSION_OUTDATED', message: 'newer' } }, 409),
        answer(newer),
      ],
    })
    const { location, queryClient } = open()
    fireEvent.click(await screen.findByRole('button', { name: '同意する' }))
    expect((await screen.findByRole('alert')).textContent).toContain('内容が更新されました')
    expect(events).toEqual([
      { category: 'error', action: 'policy_agreement_failed', label: 'POLICY_VERSION_OUTDATED' },
    ])
    await waitFor(() => expect(queryClient.getQueryData(policyStatusesQueryKey)).toMatchObject(newer))

    fireEvent.click(screen.getByRole('button', { name: '同意する' }))
    await waitFor(() => expect(location.history).toContain('/sp/top/menu'))
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      policies: [
        { kind: 'furyu', version: '2026-12-01' },
        { kind: 'puribox', version: '2026-04-01' },
      ],
    })
  })
})
