import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { appPaths } from './app-association.routes'

const APP = {
  iosAppId: 'TEAM123456.jp.puribox.app',
  androidPackage: 'jp.puribox.app',
  androidCertSha256: [Array.from({ length: 32 }, () => 'AB').join(':')],
}

describe('the app association files', () => {
  const ctx = useTestApp({
    publicUrl: 'https://puribox.jp',
    appAssociation: APP,
    dynamicLinks: {
      appStoreUrl: 'https://apps.apple.com/jp/app/puribox/id6451234567',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox.app',
      appDeepLinkUrl: 'puribox://top',
      universalLinkUrl: 'https://app.puribox.jp/sp/top/menu',
      shopMapUrl: 'https://maps.example.jp/puri',
    },
  })

  it('apple-app-site-association lets the iOS app open my page, a seal’s pictures and the universal link’s page', async () => {
    const response = await ctx().app.inject({ url: '/.well-known/apple-app-site-association' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    expect(response.json()).toEqual({
      applinks: {
        details: [
          {
            appIDs: ['TEAM123456.jp.puribox.app'],
            components: [{ '/': '/sp/2/mypage/*' }, { '/': '/web/preview' }, { '/': '/sp/top/menu' }],
          },
        ],
      },
    })
  })

  it('assetlinks.json names the Android app and its signing certificate', async () => {
    const response = await ctx().app.inject({ url: '/.well-known/assetlinks.json' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'jp.puribox.app',
          sha256_cert_fingerprints: APP.androidCertSha256,
        },
      },
    ])
  })
})

describe('the universal link’s own host', () => {
  const ctx = useTestApp({
    publicUrl: 'https://puribox.jp',
    appAssociation: APP,
    dynamicLinks: {
      appStoreUrl: 'https://apps.apple.com/jp/app/puribox/id6451234567',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox.app',
      appDeepLinkUrl: 'puribox://top',
      universalLinkUrl: 'https://app.puribox.jp/sp/top/menu',
      shopMapUrl: 'https://maps.example.jp/puri',
    },
  })

  it('answers the association files itself', async () => {
    const response = await ctx().app.inject({
      url: '/.well-known/apple-app-site-association',
      headers: { host: 'app.puribox.jp' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().applinks.details[0].appIDs).toEqual([APP.iosAppId])
  })

  it('sends a browser without the app to the same page of the site, where its session is', async () => {
    for (const url of [
      '/sp/2/mypage/',
      '/web/preview?sealId=AAAAA11111',
      '/sp/top/menu',
      '//evil.example/x',
    ]) {
      const response = await ctx().app.inject({ url, headers: { host: 'APP.puribox.jp' } })
      expect(response.statusCode, url).toBe(302)
      expect(response.headers.location, url).toBe(`https://puribox.jp${url}`)
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
  })

  it('leaves the site’s own host alone', async () => {
    const response = await ctx().app.inject({ url: '/sp/2/dynamic_links', headers: { host: 'puribox.jp' } })
    expect(response.statusCode).toBe(200)
  })
})

describe('the app association files without an app', () => {
  const ctx = useTestApp({ appAssociation: { iosAppId: null, androidPackage: null, androidCertSha256: [] } })

  it('are not found: no app is associated', async () => {
    for (const url of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
      expect((await ctx().app.inject({ url })).statusCode, url).toBe(404)
    }
  })
})

describe('appPaths', () => {
  it('adds the universal link’s page once', () => {
    expect(appPaths('https://puribox.jp/web/preview')).toEqual(['/sp/2/mypage/*', '/web/preview'])
    expect(appPaths('https://puribox.jp/sp/app')).toEqual(['/sp/2/mypage/*', '/web/preview', '/sp/app'])
  })
})
