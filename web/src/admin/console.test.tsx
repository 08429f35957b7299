// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserPage } from '../lib/page-navigation'
import { mockApi } from '../testing/mock-api'
import { wrapperResponse } from '../testing/render'
import { callConsoleApi } from './api'
import { CONSOLE_SECTIONS } from './paths'
import { renderConsole, signedInOperator } from './testing/render-console'

const SESSION = '/admin/api/session'
const unauthenticated = () =>
  wrapperResponse({ error: { code: 'OPERATOR_UNAUTHENTICATED', message: 'x' } }, 401)
const signedIn = () => wrapperResponse({ entity: signedInOperator() })

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

async function signIn() {
  await screen.findByRole('heading', { name: 'ログイン' })
  fill('メールアドレス', 'aoi@puribox.example')
  fill('パスワード', 'correct horse battery')
  fill('確認コード', '123456')
  fireEvent.click(screen.getByRole('button', { name: 'ログイン' }))
}

const pageLoad = vi.spyOn(browserPage, 'load').mockImplementation(() => {})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  pageLoad.mockClear()
})

describe('the console’s door', () => {
  it('sends someone not signed in to sign-in, keeping the path, and back there afterwards', async () => {
    mockApi({ [`GET ${SESSION}`]: unauthenticated, [`POST ${SESSION}`]: signedIn })
    const view = renderConsole('/admin/numbers?from=2026-11-01')
    await screen.findByRole('heading', { name: 'ログイン' })
    expect(view.address()).toBe('/admin/login?next=%2Fadmin%2Fnumbers%3Ffrom%3D2026-11-01')
    // A first visit is no ended session.
    expect(screen.queryByRole('status')).toBeNull()
    await signIn()
    await waitFor(() => expect(view.address()).toBe('/admin/numbers?from=2026-11-01'))
    // The new screen is read from the top.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')))
  })

  it('goes to sign-in when any request answers 401, says the session ended, and comes back to the screen', async () => {
    let sessionAlive = true
    mockApi({
      [`GET ${SESSION}`]: () => (sessionAlive ? signedIn() : unauthenticated()),
      [`POST ${SESSION}`]: () => {
        sessionAlive = true
        return signedIn()
      },
      'GET /admin/api/numbers': unauthenticated,
    })
    const view = renderConsole('/admin/some/screen?page=2')
    await screen.findByRole('heading', { name: 'ページが見つかりません' })
    sessionAlive = false
    await act(async () => {
      await view.queryClient
        .fetchQuery({
          queryKey: ['admin', 'numbers'],
          queryFn: () => callConsoleApi({ method: 'GET', path: '/admin/api/numbers', response: {} as never }),
        })
        .catch(() => {})
    })
    await screen.findByRole('heading', { name: 'ログイン' })
    expect(view.address()).toBe('/admin/login?next=%2Fadmin%2Fsome%2Fscreen%3Fpage%3D2&reason=sessionEnded')
    expect(screen.getByRole('status').textContent).toBe(
      'ログインの有効期限が切れました。もう一度ログインすると、元の画面に戻ります。',
    )
    await signIn()
    await waitFor(() => expect(view.address()).toBe('/admin/some/screen?page=2'))
  })

  it.each([
    'https%3A%2F%2Fevil.example%2Fadmin',
    '%2F%2Fevil.example%2Fadmin',
    '%2Fsp%2Ftop%2Fmenu',
    '%2Fadministrator',
    '%2Fadmin%2F..%2Fsp%2Ftop%2Fmenu',
    '%2Fadmin%2Fapi%2Fsession',
    'javascript%3Aalert(1)',
  ])('refuses to go back to %s, which is not a console screen, and goes home', async (next) => {
    mockApi({ [`GET ${SESSION}`]: unauthenticated, [`POST ${SESSION}`]: signedIn })
    const view = renderConsole(`/admin/login?next=${next}`)
    await signIn()
    await screen.findByRole('heading', { name: 'ホーム' })
    expect(view.address()).toBe('/admin')
  })

  it('sends a signed-in operator on from sign-in to where it was asked to go', async () => {
    mockApi({ [`GET ${SESSION}`]: signedIn })
    const view = renderConsole('/admin/login?next=%2Fadmin%2Fnumbers')
    await waitFor(() => expect(view.address()).toBe('/admin/numbers'))
  })

  it('home says who is signed in and with which role, and signing out starts afresh at sign-in', async () => {
    const calls = mockApi({
      [`GET ${SESSION}`]: () => wrapperResponse({ entity: signedInOperator('VIEWER') }),
      [`DELETE ${SESSION}`]: () => wrapperResponse({ entity: { signedOut: true } }),
    })
    renderConsole('/admin')
    await screen.findByRole('heading', { name: 'ホーム' })
    expect(document.title).toBe('ホーム | PuriBox 管理')
    const who = screen.getByRole('region', { name: 'ログイン中のアカウント' })
    expect(who.textContent).toContain('aoi@puribox.example')
    expect(who.textContent).toContain('閲覧者')
    fireEvent.click(screen.getByRole('button', { name: 'ログアウト' }))
    await waitFor(() => expect(pageLoad).toHaveBeenCalledWith('/admin/login?reason=signedOut'))
    expect(calls.map((call) => call.key)).toContain(`DELETE ${SESSION}`)
  })

  it('lists the console’s sections on the home and in the frame, which marks the one shown', async () => {
    mockApi({
      [`GET ${SESSION}`]: signedIn,
      'GET /admin/api/audit': () => wrapperResponse({ entity: { entries: [], next: null } }),
    })
    renderConsole('/admin')
    await screen.findByRole('heading', { name: 'ホーム' })
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    const navLinks = () =>
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])
    // Home first, then every section (this test knows two of them), none twice.
    expect(navLinks()[0]).toEqual(['ホーム', '/admin', 'page'])
    expect(navLinks().slice(1)).toEqual(
      CONSOLE_SECTIONS.map((section) => [expect.any(String), section.path, null]),
    )
    expect(navLinks()).toContainEqual(['監査ログ', '/admin/audit', null])
    expect(navLinks()).toContainEqual(['数字', '/admin/numbers', null])
    // The home lists the same sections, each with what it is for.
    const sections = within(screen.getByRole('main')).getAllByRole('link')
    expect(sections.map((link) => link.getAttribute('href'))).toEqual(
      CONSOLE_SECTIONS.map((section) => section.path),
    )
    const audit = sections.find((link) => link.getAttribute('href') === '/admin/audit')
    expect(audit?.textContent).toMatch(/^監査ログ運営スタッフの操作/)
    fireEvent.click(audit as HTMLElement)
    await screen.findByRole('heading', { name: '監査ログ', level: 1 })
    expect(navLinks().filter(([, , current]) => current === 'page')).toEqual([
      ['監査ログ', '/admin/audit', 'page'],
    ])
  })

  it('has no sections for someone signing in', async () => {
    mockApi({ [`GET ${SESSION}`]: unauthenticated })
    renderConsole('/admin/login')
    await screen.findByRole('heading', { name: 'ログイン' })
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('says so when signing out did not reach the server, and stays', async () => {
    mockApi({
      [`GET ${SESSION}`]: signedIn,
      [`DELETE ${SESSION}`]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderConsole('/admin')
    fireEvent.click(await screen.findByRole('button', { name: 'ログアウト' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ログアウトできませんでした。ネットワークの接続を確認して、もう一度お試しください。',
    )
    expect(pageLoad).not.toHaveBeenCalled()
  })

  it('answers a console path with no screen with its own not-found screen, linking home', async () => {
    mockApi({ [`GET ${SESSION}`]: signedIn })
    renderConsole('/admin/nothing/here')
    await screen.findByRole('heading', { name: 'ページが見つかりません' })
    expect(screen.getByRole('link', { name: 'ホームへ戻る' }).getAttribute('href')).toBe('/admin')
  })

  it('offers to ask again when who is signed in could not be found out', async () => {
    let reachable = false
    mockApi({
      [`GET ${SESSION}`]: () => {
        if (!reachable) throw new TypeError('Failed to fetch')
        return signedIn()
      },
    })
    renderConsole('/admin')
    expect((await screen.findByRole('alert')).textContent).toContain('ログイン状態を確認できませんでした。')
    reachable = true
    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }))
    await screen.findByRole('heading', { name: 'ホーム' })
  })
})
