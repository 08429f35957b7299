import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, loadDatabaseConfig } from './config'

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: null,
      timeTravel: false,
      seedDemo: true,
      sealTtlDays: 7,
      sealMaxOwners: 10,
      cookieSecure: false,
    })
    expect(config.pgliteDir).toMatch(/data\/pg$/)
  })

  it('reads SEAL_MAX_OWNERS', () => {
    expect(loadConfig({ SEAL_MAX_OWNERS: '3' }).sealMaxOwners).toBe(3)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ TIME_TRAVEL: 'yes please' }, 'TIME_TRAVEL'],
    [{ SEAL_TTL_DAYS: '0' }, 'SEAL_TTL_DAYS'],
    [{ SEAL_MAX_OWNERS: '0' }, 'SEAL_MAX_OWNERS'],
    [{ SEAL_MAX_OWNERS: 'ten' }, 'SEAL_MAX_OWNERS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('stops on a bad value (%o), naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(name)
  })

  const PRODUCTION_AUTH = {
    AUTH_ISSUER_URL: 'https://auth.puribox.jp',
    AUTH_CLIENT_ID: 'puribox-web',
    AUTH_CLIENT_SECRET: 'k7Vq2M9x4R8tW1zY6bN3cF5hJ0pL2sD4',
  }
  const PRODUCTION_PAYMENT = {
    PAYMENT_GATEWAY_URL: 'https://pay.example.jp/v1',
    PAYMENT_MERCHANT_ID: 'puribox',
    PAYMENT_API_KEY: 'pk_live_9f3Kx2Lm8Qw4Zr6Tv1Yb5Nc7Hd0Gs2Ja',
    PAYMENT_NOTIFICATION_SECRET: 'whsec_4Tz8Qm2Xv6Lp0Rk3Wn9Bf5Hc1Jd7Gs2Y',
  }
  const PRODUCTION_CONTENT = {
    ADS_TOKEN_SECRET: 'ads_7Hq2Wm9Xz4Lp1Rk8Tn3Bv6Cf0Jd5Gs2Y',
    BLOG_URL: 'https://blog.puribox.jp',
    APP_STORE_URL: 'https://apps.apple.com/jp/app/puribox/id6451234567',
    PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=jp.puribox.android',
    APP_DEEP_LINK_URL: 'puribox://top',
  }
  const PRODUCTION_VERIFIER = {
    VERIFIER_URL: 'https://verify.example.jp',
    VERIFIER_CLIENT_ID: 'puribox',
    VERIFIER_API_KEY: 'vk_live_3Rq8Zm2Xw6Lp0Tk4Yn9Bf5Hc1Jd7Gs2Q',
  }
  const PRODUCTION_MAIL = {
    SMTP_URL: 'smtp://mail.internal:587',
    PUBLIC_URL: 'https://puribox.jp',
    ...PRODUCTION_AUTH,
    ...PRODUCTION_PAYMENT,
    ...PRODUCTION_VERIFIER,
    ...PRODUCTION_CONTENT,
  }

  it('refuses development-only settings in production', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_MAIL }
    expect(() => loadConfig({ ...production, TIME_TRAVEL: 'on' })).toThrow('TIME_TRAVEL')
    expect(() => loadConfig({ ...production, SEED_DEMO: 'on' })).toThrow('dev booth key')
    expect(() => loadConfig({ ...production, COOKIE_SECURE: 'off' })).toThrow('COOKIE_SECURE')
  })

  it('is safe by default in production: no demo seed, secure cookies', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_MAIL })).toMatchObject({
      seedDemo: false,
      cookieSecure: true,
      timeTravel: false,
    })
  })

  it('listens on this computer only outside production, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_MAIL }).host).toBe('0.0.0.0')
  })

  it('listens where HOST says, in any environment', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ HOST: '192.168.1.20' }).host).toBe('192.168.1.20')
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_MAIL, HOST: '10.0.0.5' }).host).toBe('10.0.0.5')
  })

  it('logs quietly outside production and every answer in production, unless LOG_LEVEL says', () => {
    expect(loadConfig({}).logLevel).toBe('warn')
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_MAIL }).logLevel).toBe('info')
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info')
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_MAIL, LOG_LEVEL: 'error' }).logLevel).toBe(
      'error',
    )
  })

  it('needs real mail delivery and the https address of the site in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://puribox.jp', ...PRODUCTION_AUTH }),
    ).toThrow('SMTP_URL')
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail:587',
        PUBLIC_URL: 'http://puribox.jp',
        ...PRODUCTION_AUTH,
      }),
    ).toThrow('PUBLIC_URL')
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow('SMTP_URL')
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow('PUBLIC_URL')
  })

  it('writes mail as files and links to localhost in development', () => {
    const config = loadConfig({ PORT: '3100', DATA_DIR: '/tmp/pbx' })
    expect(config).toMatchObject({
      smtpUrl: null,
      mailDir: '/tmp/pbx/mail',
      publicUrl: 'http://localhost:3100',
    })
    expect(loadConfig({ PUBLIC_URL: 'https://puribox.jp/' }).publicUrl).toBe('https://puribox.jp')
  })

  it('signs in through the sandbox auth service outside production', () => {
    expect(loadConfig({ PORT: '3100' })).toMatchObject({
      authIssuerUrl: 'http://localhost:3100/_sandbox/auth',
      authClientId: 'puribox-dev',
      authClientSecret: 'puribox-dev-secret',
    })
    expect(loadConfig({ PUBLIC_URL: 'https://dev.puribox.jp' }).authIssuerUrl).toBe(
      'https://dev.puribox.jp/_sandbox/auth',
    )
    expect(loadConfig({ AUTH_ISSUER_URL: 'https://auth.example.jp/' }).authIssuerUrl).toBe(
      'https://auth.example.jp',
    )
    expect(() => loadConfig({ AUTH_ISSUER_URL: 'ftp://auth.example.jp' })).toThrow('AUTH_ISSUER_URL')
  })

  it('refuses the sandbox auth service and the dev client in production', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_MAIL }
    expect(loadConfig(production)).toMatchObject({
      authIssuerUrl: 'https://auth.puribox.jp',
      authClientId: 'puribox-web',
    })
    const without = (name: keyof typeof PRODUCTION_AUTH) => {
      const env: Record<string, string> = { ...production }
      delete env[name]
      return env
    }
    // Nothing set: the defaults would be the sandbox and the dev client.
    expect(() => loadConfig(without('AUTH_ISSUER_URL'))).toThrow('AUTH_ISSUER_URL')
    expect(() => loadConfig(without('AUTH_CLIENT_ID'))).toThrow('AUTH_CLIENT_ID')
    expect(() => loadConfig(without('AUTH_CLIENT_SECRET'))).toThrow('AUTH_CLIENT_SECRET')
    // Set, but to the sandbox or the dev client.
    for (const issuer of ['https://puribox.jp/_sandbox/auth', 'http://auth.puribox.jp']) {
      expect(() => loadConfig({ ...production, AUTH_ISSUER_URL: issuer }), issuer).toThrow('AUTH_ISSUER_URL')
    }
    expect(() => loadConfig({ ...production, AUTH_CLIENT_ID: 'puribox-dev' })).toThrow('AUTH_CLIENT_ID')
    for (const secret of ['puribox-dev-secret', 'short-secret']) {
      expect(() => loadConfig({ ...production, AUTH_CLIENT_SECRET: secret }), secret).toThrow(
        'AUTH_CLIENT_SECRET',
      )
    }
  })

  it('pays through the sandbox gateway outside production', () => {
    expect(loadConfig({ PORT: '3100' }).payment).toEqual({
      gatewayUrl: 'http://localhost:3100/_sandbox/pay',
      merchantId: 'puribox-dev',
      apiKey: 'puribox-dev-payment-key',
      notificationSecret: 'puribox-dev-payment-notification-secret',
    })
    expect(loadConfig({ PAYMENT_GATEWAY_URL: 'https://pay.example.jp/v1/' }).payment.gatewayUrl).toBe(
      'https://pay.example.jp/v1',
    )
    expect(() => loadConfig({ PAYMENT_GATEWAY_URL: 'pay.example.jp' })).toThrow('PAYMENT_GATEWAY_URL')
  })

  it('refuses the sandbox gateway and the dev merchant and secrets in production', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_MAIL }
    expect(loadConfig(production).payment).toEqual({
      gatewayUrl: 'https://pay.example.jp/v1',
      merchantId: 'puribox',
      apiKey: PRODUCTION_PAYMENT.PAYMENT_API_KEY,
      notificationSecret: PRODUCTION_PAYMENT.PAYMENT_NOTIFICATION_SECRET,
    })
    for (const name of Object.keys(PRODUCTION_PAYMENT) as (keyof typeof PRODUCTION_PAYMENT)[]) {
      const env: Record<string, string> = { ...production }
      delete env[name]
      expect(() => loadConfig(env), name).toThrow(name)
    }
    for (const url of ['https://puribox.jp/_sandbox/pay', 'http://pay.example.jp']) {
      expect(() => loadConfig({ ...production, PAYMENT_GATEWAY_URL: url }), url).toThrow(
        'PAYMENT_GATEWAY_URL',
      )
    }
    expect(() => loadConfig({ ...production, PAYMENT_MERCHANT_ID: 'puribox-dev' })).toThrow(
      'PAYMENT_MERCHANT_ID',
    )
    for (const [name, value] of [
      ['PAYMENT_API_KEY', 'puribox-dev-payment-key'],
      ['PAYMENT_API_KEY', 'short'],
      ['PAYMENT_NOTIFICATION_SECRET', 'puribox-dev-payment-notification-secret'],
      ['PAYMENT_NOTIFICATION_SECRET', 'short'],
    ] as const) {
      expect(() => loadConfig({ ...production, [name]: value }), `${name}=${value}`).toThrow(name)
    }
  })

  it('checks identities at the sandbox verifier outside production, and refuses it in production', () => {
    expect(loadConfig({ PORT: '3100' }).verifier).toEqual({
      baseUrl: 'http://localhost:3100/_sandbox/verify',
      clientId: 'puribox-dev',
      apiKey: 'puribox-dev-verifier-key',
    })
    const production = { NODE_ENV: 'production', ...PRODUCTION_MAIL }
    expect(loadConfig(production).verifier.baseUrl).toBe('https://verify.example.jp')
    for (const name of Object.keys(PRODUCTION_VERIFIER) as (keyof typeof PRODUCTION_VERIFIER)[]) {
      const env: Record<string, string> = { ...production }
      delete env[name]
      expect(() => loadConfig(env), name).toThrow(name)
    }
    for (const [name, value] of [
      ['VERIFIER_URL', 'https://puribox.jp/_sandbox/verify'],
      ['VERIFIER_URL', 'http://verify.example.jp'],
      ['VERIFIER_CLIENT_ID', 'puribox-dev'],
      ['VERIFIER_API_KEY', 'puribox-dev-verifier-key'],
      ['VERIFIER_API_KEY', 'short'],
    ] as const) {
      expect(() => loadConfig({ ...production, [name]: value }), `${name}=${value}`).toThrow(name)
    }
  })

  it('reads the sandbox blog and placeholder app links outside production', () => {
    const config = loadConfig({ PORT: '3100' })
    expect(config.blogUrl).toBe('http://localhost:3100/_sandbox/blog')
    expect(config.adsTokenSecret).toBe('puribox-dev-ads-token-secret')
    expect(config.dynamicLinks).toEqual({
      appStoreUrl: 'https://apps.apple.com/jp/app/puribox/id0000000000',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox.app',
      appDeepLinkUrl: 'puribox://top',
      universalLinkUrl: 'http://localhost:3100/sp/top/menu',
      shopMapUrl: 'https://www.google.com/maps/search/%E3%83%97%E3%83%AA%E6%A9%9F',
    })
    expect(config.appAssociation).toEqual({
      iosAppId: 'ABCDE12345.jp.puribox.app',
      androidPackage: 'jp.puribox.app',
      androidCertSha256: [Array.from({ length: 32 }, () => '00').join(':')],
    })
    expect(loadConfig({ BLOG_URL: 'https://blog.example.jp/' }).blogUrl).toBe('https://blog.example.jp')
    for (const [name, value] of [
      ['BLOG_URL', 'blog.example.jp'],
      ['BLOG_URL', 'ftp://blog.example.jp'],
      ['APP_STORE_URL', 'http://apps.apple.com/jp/app/x'],
      ['APP_DEEP_LINK_URL', 'javascript://alert(1)'],
      ['APP_DEEP_LINK_URL', 'https://puribox.jp/app'],
      ['APP_DEEP_LINK_URL', 'puribox'],
      ['SHOP_MAP_URL', 'javascript:alert(1)'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name)
    }
  })

  it('refuses the sandbox blog, the dev ad secret and placeholder app links in production', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_MAIL }
    expect(loadConfig(production)).toMatchObject({
      blogUrl: 'https://blog.puribox.jp',
      adsTokenSecret: PRODUCTION_CONTENT.ADS_TOKEN_SECRET,
      dynamicLinks: {
        appStoreUrl: PRODUCTION_CONTENT.APP_STORE_URL,
        universalLinkUrl: 'https://puribox.jp/sp/top/menu',
      },
    })
    for (const name of Object.keys(PRODUCTION_CONTENT) as (keyof typeof PRODUCTION_CONTENT)[]) {
      const env: Record<string, string> = { ...production }
      delete env[name]
      expect(() => loadConfig(env), name).toThrow(name)
    }
    for (const [name, value] of [
      ['BLOG_URL', 'https://puribox.jp/_sandbox/blog'],
      ['BLOG_URL', 'http://blog.puribox.jp'],
      ['ADS_TOKEN_SECRET', 'puribox-dev-ads-token-secret'],
      ['ADS_TOKEN_SECRET', 'short'],
      ['APP_STORE_URL', 'https://apps.apple.com/jp/app/puribox/id0000000000'],
      ['PLAY_STORE_URL', 'https://play.google.com/store/apps/details?id=jp.puribox.app'],
      ['IOS_APP_ID', 'jp.puribox.app'],
      ['ANDROID_APP_PACKAGE', 'puribox'],
      ['ANDROID_APP_CERT_SHA256', 'AB:CD'],
    ] as const) {
      expect(() => loadConfig({ ...production, [name]: value }), `${name}=${value}`).toThrow(name)
    }
    // No placeholder app in production: only the app configured is associated.
    expect(loadConfig(production).appAssociation).toEqual({
      iosAppId: null,
      androidPackage: null,
      androidCertSha256: [],
    })
    const sha = (byte: string) => Array.from({ length: 32 }, () => byte).join(':')
    expect(
      loadConfig({
        ...production,
        IOS_APP_ID: 'TEAM123456.jp.puribox.app',
        ANDROID_APP_PACKAGE: 'jp.puribox.app',
        ANDROID_APP_CERT_SHA256: `${sha('AB')},${sha('CD')}`,
      }).appAssociation,
    ).toEqual({
      iosAppId: 'TEAM123456.jp.puribox.app',
      androidPackage: 'jp.puribox.app',
      androidCertSha256: [sha('AB'), sha('CD')],
    })
  })
})

describe('loadDatabaseConfig', () => {
  it('reads where the database is, as loadConfig does', () => {
    const env = { DATA_DIR: '/srv/puribox', DATABASE_URL: 'postgres://puribox@db/puribox' }
    const { dataDir, databaseUrl, pgliteDir } = loadConfig(env)
    expect(loadDatabaseConfig(env)).toEqual({ production: false, dataDir, databaseUrl, pgliteDir })
    expect(loadDatabaseConfig({})).toMatchObject({
      databaseUrl: null,
      pgliteDir: expect.stringMatching(/data\/pg$/),
    })
  })

  it("needs none of the site's outside services in production, which loadConfig refuses to start without", () => {
    const env = { NODE_ENV: 'production', DATA_DIR: '/srv/puribox' }
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(loadDatabaseConfig(env)).toEqual({
      production: true,
      dataDir: '/srv/puribox',
      databaseUrl: null,
      pgliteDir: '/srv/puribox/pg',
    })
  })

  it('refuses a bad value of what it reads, and ignores the rest', () => {
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL')
    expect(() => loadDatabaseConfig({ NODE_ENV: 'staging' })).toThrow('NODE_ENV')
    expect(loadDatabaseConfig({ NODE_ENV: 'production', TIME_TRAVEL: 'on', PORT: 'eighty' }).production).toBe(
      true,
    )
  })
})
