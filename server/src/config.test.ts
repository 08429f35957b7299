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

  it('refuses development-only settings in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TIME_TRAVEL: 'on' })).toThrow('TIME_TRAVEL')
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'on' })).toThrow('dev booth key')
    expect(() => loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'off' })).toThrow('COOKIE_SECURE')
  })

  it('is safe by default in production: no demo seed, secure cookies', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      seedDemo: false,
      cookieSecure: true,
      timeTravel: false,
    })
  })
})
