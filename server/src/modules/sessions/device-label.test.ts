import { describe, expect, it } from 'vitest'
import { deviceLabel } from './device-label'

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      'iPhone・Safari',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SH-M26) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Android・Chrome',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0',
      'iPhone・LINE',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      'Windows・Edge',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
      'Mac・Safari',
    ],
  ])('names %s as %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label)
  })

  it('answers null for no User-Agent or one that names nothing', () => {
    expect(deviceLabel(undefined)).toBeNull()
    expect(deviceLabel('')).toBeNull()
    expect(deviceLabel('lightMyRequest')).toBeNull()
  })

  it('keeps a label short whatever a client sends', () => {
    expect(
      (deviceLabel(`Mozilla/5.0 (X11; Linux x86_64) ${'A'.repeat(5000)}`) ?? '').length,
    ).toBeLessThanOrEqual(60)
  })
})
