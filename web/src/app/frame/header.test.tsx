// @vitest-environment jsdom
import { links } from '@puribox/contract/pages'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../testing/mock-api'
import { renderWithProviders, wrapperResponse } from '../../testing/render'
import { Header } from './header'
import { guestViewer } from './viewer'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function hrefs(container: HTMLElement): string[] {
  return [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')
}

describe('Header (guest)', () => {
  it('all: logo to the top, login and registration buttons, and a menu of the header links over the page', async () => {
    renderWithProviders(<Header variant="all" viewer={guestViewer} />)
    expect(screen.getByRole('link', { name: 'PuriBox トップへ' }).getAttribute('href')).toBe(links.top)
    expect(screen.getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe(links.login)
    expect(screen.getByRole('link', { name: '会員登録' }).getAttribute('href')).toBe(links.registration)

    const menuButton = screen.getByRole('button', { name: 'メニュー' })
    expect(menuButton.getAttribute('aria-expanded')).toBe('false')
    expect(menuButton.getAttribute('aria-haspopup')).toBe('dialog')
    expect(screen.queryByRole('navigation', { name: 'サイトメニュー' })).toBeNull()

    fireEvent.click(menuButton)
    expect(menuButton.getAttribute('aria-expanded')).toBe('true')
    const dialog = await screen.findByRole('dialog', { name: 'メニュー' })
    const menu = within(dialog).getByRole('navigation', { name: 'サイトメニュー' })
    // Help, the inquiry form and the news too, beside the header's links.
    expect(hrefs(menu)).toEqual([
      links.siteTop,
      links.login,
      links.registration,
      links.news,
      links.coupons,
      links.machineList,
      links.photoGetForm,
      links.machineSearchMap,
      links.help,
      links.inquiry,
    ])
    expect(
      within(menu)
        .getByRole('link', { name: /プリ機をマップでさがす/ })
        .getAttribute('target'),
    ).toBe('_blank')

    // Its 閉じる button closes it, and the menu button has the focus again.
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(menuButton.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menuButton)
  })

  it('a tap outside the menu (on the dimmed page) closes it; a tap inside does not', async () => {
    renderWithProviders(<Header variant="all" viewer={guestViewer} />)
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const dialog = await screen.findByRole('dialog', { name: 'メニュー' })
    fireEvent.click(within(dialog).getByRole('navigation'))
    expect(screen.getByRole('dialog')).toBe(dialog)
    // The backdrop is the dialog element itself, outside its content.
    fireEvent.click(dialog)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('お知らせ in the menu counts the unread news', async () => {
    const item = (id: string, read: boolean) => ({
      id,
      newsCategoryName: 'info',
      createdAt: '2026-11-01T10:00:00',
      title: id,
      body: '',
      link: null,
      priorityLevel: 0,
      read,
    })
    mockApi({
      'GET /sp/2/news/self/info': () =>
        wrapperResponse({ entity: { entry: [item('a', false), item('b', true), item('c', false)] } }),
      'GET /sp/2/account/self': () =>
        wrapperResponse({ entity: { account: { id: 'm1' }, membershipStatus: 'PREMIUM' } }),
      'GET /sp/profile/summary': () =>
        wrapperResponse({ entity: { nickname: null, profileImageUrl: null, is25OrOver: false } }),
      'GET /sp/2/dynamic_links': () => wrapperResponse({ entity: null }),
    })
    renderWithProviders(<Header variant="all" viewer={{ membershipStatus: 'PREMIUM', official: false }} />)
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const menu = await screen.findByRole('navigation', { name: 'サイトメニュー' })
    const news = await within(menu).findByRole('link', { name: 'お知らせ2件の未読' })
    expect(news.getAttribute('href')).toBe(links.news)
  })

  it("the menu's map is the configured shop map (the dynamic links), asked for once the menu opens", async () => {
    const calls = mockApi({
      'GET /sp/2/dynamic_links': () =>
        wrapperResponse({
          entity: {
            appStoreUrl: 'https://apps.apple.com/jp/app/id1',
            playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox',
            appDeepLinkUrl: 'puribox://open',
            universalLinkUrl: 'https://puribox.jp/app',
            shopMapUrl: 'https://maps.example.jp/puri',
          },
        }),
    })
    renderWithProviders(<Header variant="all" viewer={guestViewer} />)
    expect(calls).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const menu = await screen.findByRole('navigation', { name: 'サイトメニュー' })
    await waitFor(() =>
      expect(
        within(menu)
          .getByRole('link', { name: /プリ機をマップでさがす/ })
          .getAttribute('href'),
      ).toBe('https://maps.example.jp/puri'),
    )
  })

  it('free-registration-button: the logo and the free registration button only, which keeps the seal', () => {
    const { container } = renderWithProviders(
      <Header variant="free-registration-button" viewer={guestViewer} />,
      { path: '/web/preview?sealId=ABCDE12345' },
    )
    // Signing up from a seal's preview ends saving that seal, as the page's own button does.
    expect(hrefs(container)).toEqual([
      links.top,
      '/sp/account/register_email?next=%2Fweb%2Fmypage%3FsealId%3DABCDE12345%26from%3DinputSealId',
    ])
    // The same name as the sign-up button of every other header, the menu and the footer.
    expect(screen.getByRole('link', { name: '会員登録' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'メニュー' })).toBeNull()
    cleanup()

    // Elsewhere it comes back to the page it was pressed on.
    renderWithProviders(<Header variant="free-registration-button" viewer={guestViewer} />, {
      path: '/web/payment?plan=credit',
    })
    expect(screen.getByRole('link', { name: '会員登録' }).getAttribute('href')).toBe(
      '/sp/account/register_email?next=%2Fweb%2Fpayment%3Fplan%3Dcredit',
    )
  })

  it('logo-only: just the logo link', () => {
    const { container } = renderWithProviders(<Header variant="logo-only" viewer={guestViewer} />)
    expect(hrefs(container)).toEqual([links.top])
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('logo-only-disabled: the logo is not a link', () => {
    const { container } = renderWithProviders(<Header variant="logo-only-disabled" viewer={guestViewer} />)
    expect(hrefs(container)).toEqual([])
    expect(within(screen.getByRole('banner')).getByText('PuriBox')).toBeTruthy()
  })
})

describe('Header (member)', () => {
  it('all: a my-page button instead of login and registration', () => {
    renderWithProviders(<Header variant="all" viewer={{ membershipStatus: 'MINI', official: false }} />)
    expect(screen.getByRole('link', { name: 'マイページ' }).getAttribute('href')).toBe(links.mypage)
    expect(screen.queryByRole('link', { name: 'ログイン' })).toBeNull()
  })

  it('the menu says which member is looking; a free member is offered premium there', async () => {
    renderWithProviders(<Header variant="all" viewer={{ membershipStatus: 'MINI', official: false }} />)
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const menu = await screen.findByRole('navigation', { name: 'サイトメニュー' })
    expect(await within(menu).findByText('無料会員')).toBeTruthy()
    expect(within(menu).getByRole('link', { name: 'プレミアム会員登録' }).getAttribute('href')).toBe(
      '/web/payment',
    )
    cleanup()

    renderWithProviders(<Header variant="all" viewer={{ membershipStatus: 'PREMIUM', official: false }} />)
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const premiumMenu = await screen.findByRole('navigation', { name: 'サイトメニュー' })
    expect(await within(premiumMenu).findByText('プレミアム会員')).toBeTruthy()
    expect(hrefs(premiumMenu)).not.toContain('/web/payment')
    cleanup()

    // The junior-high free premium: its own label, nothing to buy.
    renderWithProviders(
      <Header variant="all" viewer={{ membershipStatus: 'JHS_PREMIUM', official: false }} />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const jhsMenu = await screen.findByRole('navigation', { name: 'サイトメニュー' })
    expect(await within(jhsMenu).findByText('中学生無料プレミアム会員')).toBeTruthy()
    expect(hrefs(jhsMenu)).not.toContain('/web/payment')
    expect(hrefs(jhsMenu)).toContain(links.mypage)
  })

  it("a member's menu reaches the settings and signs out; a failed sign-out says so and stays signed in", async () => {
    let fail = true
    const calls = mockApi({
      'POST /sp/2/account/logout': () =>
        fail
          ? new Response('{}', { status: 503 })
          : wrapperResponse({ entity: { account: null, membershipStatus: 'GUEST' } }),
    })
    const { location } = renderWithProviders(
      <Header variant="all" viewer={{ membershipStatus: 'PREMIUM', official: false }} />,
      { path: links.settings },
    )
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const menu = await screen.findByRole('navigation', { name: 'サイトメニュー' })
    expect(within(menu).getByRole('link', { name: '設定・ログアウト' }).getAttribute('href')).toBe(
      links.settings,
    )

    // The sign-out comes with the opened menu (loaded then).
    fireEvent.click(await within(menu).findByRole('button', { name: 'ログアウト' }))
    expect((await within(menu).findByRole('alert')).textContent).toContain('時間をおいて')
    expect(location.history).toEqual([links.settings])

    fail = false
    fireEvent.click(within(menu).getByRole('button', { name: 'ログアウト' }))
    await waitFor(() => expect(location.history).toEqual([links.settings, links.top]))
    // (The menu also asks for the configured shop map; unanswered here, it keeps the default.)
    expect(calls.map((call) => call.key).filter((key) => key.startsWith('POST'))).toEqual([
      'POST /sp/2/account/logout',
      'POST /sp/2/account/logout',
    ])
  })

  it("a guest's menu has no sign-out", async () => {
    renderWithProviders(<Header variant="all" viewer={guestViewer} />)
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    const menu = await screen.findByRole('navigation', { name: 'サイトメニュー' })
    expect(within(menu).queryByRole('button', { name: 'ログアウト' })).toBeNull()
  })
})
