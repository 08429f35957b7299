// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../testing/render'
import { ExternalSignIn } from './external-sign-in'

afterEach(cleanup)

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href')

describe('ExternalSignIn', () => {
  it("links to LINE, X and each carrier's ID sign-in, passing where to end", () => {
    renderWithProviders(<ExternalSignIn mode="login" next="/web/mypage?sealId=ABCDE12345" />)
    expect(screen.getByRole('heading', { name: 'LINE・Xなどでログイン' })).toBeTruthy()
    expect(href('LINEでログイン')).toBe(
      '/sp/2/login/line/puriboxauth?next=%2Fweb%2Fmypage%3FsealId%3DABCDE12345',
    )
    expect(href('Xでログイン')).toBe(
      '/sp/2/login/twitter/puriboxauth?next=%2Fweb%2Fmypage%3FsealId%3DABCDE12345',
    )
    expect(href('au IDでログイン')).toBe(
      '/sp/account/carrier_auth?carrier=au&next=%2Fweb%2Fmypage%3FsealId%3DABCDE12345',
    )
    expect(href('dアカウントでログイン')).toBe(
      '/sp/account/carrier_auth?carrier=docomo&next=%2Fweb%2Fmypage%3FsealId%3DABCDE12345',
    )
    expect(href('SoftBank IDでログイン')).toBe(
      '/sp/account/carrier_auth?carrier=softbank&next=%2Fweb%2Fmypage%3FsealId%3DABCDE12345',
    )
    expect(screen.getByRole('list', { name: '携帯電話会社のIDで' })).toBeTruthy()
  })

  it('registers through LINE registration, with redirectUri', () => {
    renderWithProviders(<ExternalSignIn mode="register" next="/sp/top/menu" />)
    expect(screen.getByRole('heading', { name: 'LINE・Xなどで登録' })).toBeTruthy()
    expect(href('LINEで登録')).toBe(
      '/sp/2/account/registration/line/puriboxauth?redirectUri=%2Fsp%2Ftop%2Fmenu',
    )
    expect(href('Xで登録')).toBe('/sp/2/login/twitter/puriboxauth?next=%2Fsp%2Ftop%2Fmenu')
    expect(href('SoftBank IDで登録')).toBe(
      '/sp/account/carrier_auth?carrier=softbank&next=%2Fsp%2Ftop%2Fmenu',
    )
  })

  it('leaves out a return path that is not allowed, rather than pass it on', () => {
    for (const next of ['//evil.example', 'https://evil.example/sp/', undefined]) {
      cleanup()
      renderWithProviders(<ExternalSignIn mode="login" next={next} />)
      expect(href('LINEでログイン'), String(next)).toBe('/sp/2/login/line/puriboxauth')
      expect(href('au IDでログイン')).toBe('/sp/account/carrier_auth?carrier=au')
    }
  })
})
