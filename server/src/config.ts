import path from 'node:path'
import { z } from 'zod'
import { serverRoot } from './paths'

/**
 * The only reader of process.env. Parsed once at start-up; a bad value stops the process with a
 * message naming the variable. Production refuses development-only settings.
 */
const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => ['on', 'true', '1'].includes(v))

/** Where the sandbox auth service is mounted outside production (docs/guide/ground-rules.md). */
export const SANDBOX_AUTH_PATH = '/_sandbox/auth'

/** The client the sandbox issuer knows PuriBox by. Refused in production. */
export const DEV_AUTH_CLIENT = { id: 'puribox-dev', secret: 'puribox-dev-secret' } as const

/** Where the sandbox payment gateway is mounted outside production (decision 0019). */
export const SANDBOX_PAY_PATH = '/_sandbox/pay'
/** PuriBox's merchant id and secrets at the sandbox gateway: refused in production. */
export const DEV_PAYMENT = {
  merchantId: 'puribox-dev',
  apiKey: 'puribox-dev-payment-key',
  notificationSecret: 'puribox-dev-payment-notification-secret',
} as const

/** Where the sandbox blog is mounted outside production (decision 0041). */
export const SANDBOX_BLOG_PATH = '/_sandbox/blog'

/** Where the sandbox identity verifier is mounted outside production (decision 0049). */
export const SANDBOX_VERIFY_PATH = '/_sandbox/verify'
/** PuriBox's client id and API key at the sandbox verifier: refused in production. */
export const DEV_VERIFIER = { clientId: 'puribox-dev', apiKey: 'puribox-dev-verifier-key' } as const

/** The development secret that signs guests' ad tokens (decision 0041). Refused in production. */
export const DEV_ADS_TOKEN_SECRET = 'puribox-dev-ads-token-secret'

/**
 * Where the spec's dynamic links go outside production (decision 0041): the store pages of an app
 * not yet published (refused in production), the app's URL scheme, and the shop map the header has
 * always linked to.
 */
export const DEV_DYNAMIC_LINKS = {
  appStoreUrl: 'https://apps.apple.com/jp/app/puribox/id0000000000',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=jp.puribox.app',
  appDeepLinkUrl: 'puribox://top',
  shopMapUrl: 'https://www.google.com/maps/search/%E3%83%97%E3%83%AA%E6%A9%9F',
} as const

/** The placeholder app of development and tests (no app store has it). */
export const DEV_APP_ASSOCIATION = {
  iosAppId: 'ABCDE12345.jp.puribox.app',
  androidPackage: 'jp.puribox.app',
  androidCertSha256: Array.from({ length: 32 }, () => '00').join(':'),
} as const

/** An app's own URL scheme (`puribox://…`): never a web, script or file address. */
const appUrl = z
  .string()
  .max(500)
  .regex(/^[a-z][a-z0-9+.-]*:\/\/\S*$/, 'must be an app URL such as puribox://top')
  .refine(
    (v) => !/^(https?|javascript|data|file|vbscript|blob):/i.test(v),
    'must be the app’s own scheme, not a web, script or file address',
  )
const httpsUrl = z.url({ protocol: /^https$/ }).max(2000)

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * Unset: this computer only (127.0.0.1) outside production, so the sandboxes and the demo
     * accounts' published password are not open to everyone on the same Wi-Fi; every interface
     * (0.0.0.0) in production, where a proxy or load balancer reaches the process.
     */
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /**
     * Unset: `info` in production (one JSON line per answer, for the log collector); `warn` outside
     * it, so that `npm start` shows its plain start message rather than a stream of JSON lines.
     */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** 'true' trusts every proxy; else a comma-separated list of proxy addresses/CIDRs to trust. */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' || v === '' ? false : v)),
    COOKIE_SECURE: booleanFlag.optional(),
    TIME_TRAVEL: booleanFlag.default(false),
    SEED_DEMO: booleanFlag.optional(),
    SEAL_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** How many accounts may save one seal (friends in one booth play). */
    SEAL_MAX_OWNERS: z.coerce.number().int().min(1).max(1000).default(10),
    /** How old a process's copy of the puri-getting penalties in force may get (0: read every time). */
    PENALTY_BOARD_REFRESH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    CARRIER_IP_RANGES: z.string().min(1).optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    /** Where links in mails point: the site's own address as people reach it. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    /** `smtp://user:pass@host:587` or `smtps://…`; without it mails are `.eml` files in DATA_DIR/mail. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('PuriBox <no-reply@puribox.jp>'),
    /** The external auth service (OIDC issuer) for LINE, Twitter and carrier sign-in. */
    AUTH_ISSUER_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    AUTH_CLIENT_ID: z.string().min(1).max(200).optional(),
    AUTH_CLIENT_SECRET: z.string().min(1).max(500).optional(),
    /** The payment gateway for credit card and carrier billing (decision 0019). */
    PAYMENT_GATEWAY_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    PAYMENT_MERCHANT_ID: z.string().min(1).max(200).optional(),
    /** PuriBox's key for calls to the gateway. */
    PAYMENT_API_KEY: z.string().min(1).max(500).optional(),
    /** The secret the gateway signs its notifications with. */
    PAYMENT_NOTIFICATION_SECRET: z.string().min(1).max(500).optional(),
    /** Signs guests' ad tokens and derives members' from their session (decision 0041). */
    ADS_TOKEN_SECRET: z.string().min(1).max(500).optional(),
    /** PuriBox's blog, a WordPress-style REST API (`<BLOG_URL>/wp-json/wp/v2/…`). */
    BLOG_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    /** The identity verifier of auditions (decision 0049). */
    VERIFIER_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    VERIFIER_CLIENT_ID: z.string().min(1).max(200).optional(),
    /** PuriBox's key for calls to the verifier. */
    VERIFIER_API_KEY: z.string().min(1).max(500).optional(),
    /** The spec's dynamic links (GET /sp/2/dynamic_links). */
    APP_STORE_URL: httpsUrl.optional(),
    PLAY_STORE_URL: httpsUrl.optional(),
    APP_DEEP_LINK_URL: appUrl.optional(),
    UNIVERSAL_LINK_URL: httpsUrl.optional(),
    SHOP_MAP_URL: httpsUrl.optional(),
    /**
     * The native app that universal links and Android App Links open, for the association files:
     * the iOS app's `<team id>.<bundle id>`, the Android package and its signing certificates'
     * SHA-256 fingerprints (comma separated). Unset in production: no app is associated.
     */
    IOS_APP_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/, 'must be <team id>.<bundle id>')
      .optional(),
    ANDROID_APP_PACKAGE: z
      .string()
      .regex(/^[a-zA-Z]\w*(\.[a-zA-Z]\w*)+$/, 'must be a package name such as jp.puribox.app')
      .optional(),
    ANDROID_APP_CERT_SHA256: z
      .string()
      .regex(
        /^[0-9A-F]{2}(:[0-9A-F]{2}){31}(,[0-9A-F]{2}(:[0-9A-F]{2}){31})*$/,
        'must be SHA-256 fingerprints (AA:BB:…)',
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return
    if (env.TIME_TRAVEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['TIME_TRAVEL'],
        message: 'time travel is never allowed in production',
      })
    }
    if (env.SEED_DEMO) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'demo data (with the dev booth key) is never seeded in production',
      })
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'production sends real mail: set SMTP_URL (mails as files are for development)',
      })
    }
    if (!env.PUBLIC_URL?.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'production needs the https:// address of the site, for the links in mails',
      })
    }
    if (!env.AUTH_ISSUER_URL?.startsWith('https://') || env.AUTH_ISSUER_URL.includes(SANDBOX_AUTH_PATH)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_ISSUER_URL'],
        message:
          'production signs in through the real auth service: set its https:// issuer URL (not the sandbox)',
      })
    }
    if (!env.AUTH_CLIENT_ID || env.AUTH_CLIENT_ID === DEV_AUTH_CLIENT.id) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_CLIENT_ID'],
        message: 'production needs the client id PuriBox is registered with at the auth service',
      })
    }
    if (
      !env.AUTH_CLIENT_SECRET ||
      env.AUTH_CLIENT_SECRET === DEV_AUTH_CLIENT.secret ||
      env.AUTH_CLIENT_SECRET.length < 32
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_CLIENT_SECRET'],
        message:
          'production needs the real client secret of the auth service (32 characters or more, not the dev secret)',
      })
    }
    if (
      !env.PAYMENT_GATEWAY_URL?.startsWith('https://') ||
      env.PAYMENT_GATEWAY_URL.includes(SANDBOX_PAY_PATH)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY_URL'],
        message:
          'production takes real payments: set the https:// URL of the payment gateway (not the sandbox)',
      })
    }
    if (!env.PAYMENT_MERCHANT_ID || env.PAYMENT_MERCHANT_ID === DEV_PAYMENT.merchantId) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_MERCHANT_ID'],
        message: 'production needs the merchant id PuriBox has at the payment gateway',
      })
    }
    for (const [name, dev] of [
      ['PAYMENT_API_KEY', DEV_PAYMENT.apiKey],
      ['PAYMENT_NOTIFICATION_SECRET', DEV_PAYMENT.notificationSecret],
    ] as const) {
      const value = env[name]
      if (!value || value === dev || value.length < 32) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `production needs the payment gateway's real ${name === 'PAYMENT_API_KEY' ? 'API key' : 'notification secret'} (32 characters or more, not the dev one)`,
        })
      }
    }
    if (
      !env.ADS_TOKEN_SECRET ||
      env.ADS_TOKEN_SECRET === DEV_ADS_TOKEN_SECRET ||
      env.ADS_TOKEN_SECRET.length < 32
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADS_TOKEN_SECRET'],
        message: 'production needs its own secret for ad tokens (32 characters or more, not the dev one)',
      })
    }
    if (!env.BLOG_URL?.startsWith('https://') || env.BLOG_URL.includes(SANDBOX_BLOG_PATH)) {
      ctx.addIssue({
        code: 'custom',
        path: ['BLOG_URL'],
        message: 'production reads the real blog: set its https:// address (not the sandbox)',
      })
    }
    if (!env.VERIFIER_URL?.startsWith('https://') || env.VERIFIER_URL.includes(SANDBOX_VERIFY_PATH)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFIER_URL'],
        message:
          'production checks identities at the real verifier: set its https:// address (not the sandbox)',
      })
    }
    if (!env.VERIFIER_CLIENT_ID || env.VERIFIER_CLIENT_ID === DEV_VERIFIER.clientId) {
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFIER_CLIENT_ID'],
        message: 'production needs the client id PuriBox has at the identity verifier',
      })
    }
    if (
      !env.VERIFIER_API_KEY ||
      env.VERIFIER_API_KEY === DEV_VERIFIER.apiKey ||
      env.VERIFIER_API_KEY.length < 32
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['VERIFIER_API_KEY'],
        message:
          "production needs the identity verifier's real API key (32 characters or more, not the dev one)",
      })
    }
    for (const name of ['APP_STORE_URL', 'PLAY_STORE_URL'] as const) {
      const value = env[name]
      if (!value || value === DEV_DYNAMIC_LINKS[name === 'APP_STORE_URL' ? 'appStoreUrl' : 'playStoreUrl']) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'production links to the published app: set its store page (not the development placeholder)',
        })
      }
    }
    if (!env.APP_DEEP_LINK_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_DEEP_LINK_URL'],
        message: 'production links to the published app: set the URL that opens it (e.g. puribox://top)',
      })
    }
    if (env.COOKIE_SECURE === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['COOKIE_SECURE'],
        message: 'cookies must be Secure in production',
      })
    }
  })

/** The environment parsed by `schema`, or a ConfigError naming every bad variable. */
function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.output<T> {
  // An empty variable means unset (as shells and .env files usually intend).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = schema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}

/** Where the data is and which database holds it: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
function databaseOf(e: { DATA_DIR: string; DATABASE_URL?: string | undefined }) {
  const dataDir = path.resolve(e.DATA_DIR)
  return { dataDir, databaseUrl: e.DATABASE_URL ?? null, pgliteDir: path.join(dataDir, 'pg') }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(envSchema, env)
  const production = e.NODE_ENV === 'production'
  const { dataDir, databaseUrl, pgliteDir } = databaseOf(e)
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl,
    pgliteDir,
    filesDir: path.join(dataDir, 'files'),
    mailDir: path.join(dataDir, 'mail'),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    /** Outside production the sandbox issuer is mounted (app.ts), and is the default auth service. */
    authIssuerUrl: e.AUTH_ISSUER_URL ?? `${publicUrl}${SANDBOX_AUTH_PATH}`,
    authClientId: e.AUTH_CLIENT_ID ?? DEV_AUTH_CLIENT.id,
    authClientSecret: e.AUTH_CLIENT_SECRET ?? DEV_AUTH_CLIENT.secret,
    /** Outside production the sandbox gateway is the default (decision 0019). */
    payment: {
      gatewayUrl: e.PAYMENT_GATEWAY_URL ?? `${publicUrl}${SANDBOX_PAY_PATH}`,
      merchantId: e.PAYMENT_MERCHANT_ID ?? DEV_PAYMENT.merchantId,
      apiKey: e.PAYMENT_API_KEY ?? DEV_PAYMENT.apiKey,
      notificationSecret: e.PAYMENT_NOTIFICATION_SECRET ?? DEV_PAYMENT.notificationSecret,
    },
    /** Guests' ad tokens are signed with it; members' are derived from their session with it. */
    adsTokenSecret: e.ADS_TOKEN_SECRET ?? DEV_ADS_TOKEN_SECRET,
    /** Outside production the sandbox blog is the default (decision 0041). */
    blogUrl: e.BLOG_URL ?? `${publicUrl}${SANDBOX_BLOG_PATH}`,
    /** Outside production the sandbox verifier is the default (decision 0049). */
    verifier: {
      baseUrl: e.VERIFIER_URL ?? `${publicUrl}${SANDBOX_VERIFY_PATH}`,
      clientId: e.VERIFIER_CLIENT_ID ?? DEV_VERIFIER.clientId,
      apiKey: e.VERIFIER_API_KEY ?? DEV_VERIFIER.apiKey,
    },
    dynamicLinks: {
      appStoreUrl: e.APP_STORE_URL ?? DEV_DYNAMIC_LINKS.appStoreUrl,
      playStoreUrl: e.PLAY_STORE_URL ?? DEV_DYNAMIC_LINKS.playStoreUrl,
      appDeepLinkUrl: e.APP_DEEP_LINK_URL ?? DEV_DYNAMIC_LINKS.appDeepLinkUrl,
      /** An address of this site: the app opens it when installed, the browser otherwise. */
      universalLinkUrl: e.UNIVERSAL_LINK_URL ?? `${publicUrl}/sp/top/menu`,
      shopMapUrl: e.SHOP_MAP_URL ?? DEV_DYNAMIC_LINKS.shopMapUrl,
    },
    /** The app the association files name; outside production a placeholder app. */
    appAssociation: {
      iosAppId: e.IOS_APP_ID ?? (production ? null : DEV_APP_ASSOCIATION.iosAppId),
      androidPackage: e.ANDROID_APP_PACKAGE ?? (production ? null : DEV_APP_ASSOCIATION.androidPackage),
      androidCertSha256: e.ANDROID_APP_CERT_SHA256
        ? e.ANDROID_APP_CERT_SHA256.split(',')
        : production
          ? []
          : [DEV_APP_ASSOCIATION.androidCertSha256],
    },
    logLevel: e.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? production,
    timeTravel: e.TIME_TRAVEL,
    seedDemo: e.SEED_DEMO ?? !production,
    sealTtlDays: e.SEAL_TTL_DAYS,
    sealMaxOwners: e.SEAL_MAX_OWNERS,
    penaltyBoardRefreshMs: e.PENALTY_BOARD_REFRESH_MS,
    carrierIpRangesFile: e.CARRIER_IP_RANGES ?? path.join(serverRoot, 'data', 'carrier-ip-ranges.json'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '..', 'web', 'dist')),
  }
}

export type Config = ReturnType<typeof loadConfig>

/**
 * What a command run on the server that only opens the database needs (`npm run operator`): the
 * environment, DATA_DIR and DATABASE_URL, read and checked as `loadConfig` reads them, and nothing
 * else. In production `loadConfig` asks for every outside service the site talks to (mail, the auth
 * service, the payment gateway…), which such a command neither uses nor should have to be given.
 */
const databaseEnvSchema = z.object({
  NODE_ENV: envSchema.shape.NODE_ENV,
  DATA_DIR: envSchema.shape.DATA_DIR,
  DATABASE_URL: envSchema.shape.DATABASE_URL,
})

export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(databaseEnvSchema, env)
  return { production: e.NODE_ENV === 'production', ...databaseOf(e) }
}

export type DatabaseConfig = ReturnType<typeof loadDatabaseConfig>

/** What `buildApp` reads of the configuration (the rest is for `main.ts`). */
export type AppConfig = Pick<
  Config,
  | 'production'
  | 'logLevel'
  | 'trustProxy'
  | 'cookieSecure'
  | 'timeTravel'
  | 'sealTtlDays'
  | 'sealMaxOwners'
  | 'penaltyBoardRefreshMs'
  | 'webDistDir'
  | 'publicUrl'
  | 'authIssuerUrl'
  | 'authClientId'
  | 'authClientSecret'
  | 'payment'
  | 'carrierIpRangesFile'
  | 'adsTokenSecret'
  | 'blogUrl'
  | 'dynamicLinks'
  | 'appAssociation'
  | 'verifier'
>

export class ConfigError extends Error {}
