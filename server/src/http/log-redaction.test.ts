import { describe, expect, it } from 'vitest'
import { redactUrl } from './log-redaction'

describe('redactUrl', () => {
  it('keeps the parameters of one-time secrets but not their values', () => {
    expect(redactUrl('/sp/account/registerMailSent?verificationId=abc&token=s3cret')).toBe(
      '/sp/account/registerMailSent?verificationId=abc&token=[redacted]',
    )
    expect(redactUrl('/sp/2/auth/callback?code=xyz&state=st&iss=https%3A%2F%2Fx')).toBe(
      '/sp/2/auth/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fx',
    )
    expect(redactUrl('/sp/2/auth/callback?STATE=st#frag')).toBe('/sp/2/auth/callback?STATE=[redacted]#frag')
  })

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/web/preview?sealId=ABCDE12345&encode=x')).toBe(
      '/web/preview?sealId=ABCDE12345&encode=x',
    )
    expect(redactUrl('/sp/top/menu')).toBe('/sp/top/menu')
  })
})
