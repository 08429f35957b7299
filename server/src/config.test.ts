import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

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
      cookieSecure: false,
    })
    expect(config.pgliteDir).toMatch(/data\/pg$/)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ TIME_TRAVEL: 'yes please' }, 'TIME_TRAVEL'],
    [{ SEAL_TTL_DAYS: '0' }, 'SEAL_TTL_DAYS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('stops on a bad value (%o), naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(name)
  })

  const PRODUCTION_MAIL = { SMTP_URL: 'smtp://mail.internal:587', PUBLIC_URL: 'https://puribox.jp' }

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

  it('needs real mail delivery and the https address of the site in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://puribox.jp' })).toThrow('SMTP_URL')
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587', PUBLIC_URL: 'http://puribox.jp' }),
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
})
