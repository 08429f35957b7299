import { describe, expect, it } from 'vitest'
import { SIGNATURE_TOLERANCE_S, signatureProblem, signNotification } from './signature'

const secret = 'whsec-test-0123456789abcdef0123456789'
const body = '{"eventId":"evt_1","type":"PAYMENT_SUCCEEDED"}'
const at = new Date('2026-11-21T03:00:00Z')
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000)

describe('notification signatures', () => {
  it('accepts what it signed, within the tolerance either way', () => {
    const header = signNotification(secret, body, at)
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(signatureProblem(secret, body, header, at)).toBeNull()
    expect(signatureProblem(secret, body, header, later(SIGNATURE_TOLERANCE_S))).toBeNull()
    expect(signatureProblem(secret, body, header, later(-SIGNATURE_TOLERANCE_S))).toBeNull()
  })

  it('refuses a forged body, another secret, or an old signature replayed', () => {
    const header = signNotification(secret, body, at)
    expect(signatureProblem(secret, body.replace('evt_1', 'evt_2'), header, at)).toBe('MISMATCH')
    expect(signatureProblem(`${secret}x`, body, header, at)).toBe('MISMATCH')
    expect(signatureProblem(secret, body, header, later(SIGNATURE_TOLERANCE_S + 1))).toBe('STALE')
    // A fresh time with the old signature does not match either.
    const reTimed = header.replace(/^t=\d+/, `t=${Math.floor(later(60).getTime() / 1000)}`)
    expect(signatureProblem(secret, body, reTimed, later(60))).toBe('MISMATCH')
  })

  it('tells a missing or malformed header from a wrong one', () => {
    const good = signNotification(secret, body, at)
    expect(signatureProblem(secret, body, undefined, at)).toBe('MISSING')
    expect(signatureProblem(secret, body, '', at)).toBe('MISSING')
    for (const header of [
      'garbage',
      't=abc,v1=00',
      good.replace(/v1=.*/, 'v1=xyz'),
      good.replace(/t=\d+,/, ''),
    ]) {
      expect(signatureProblem(secret, body, header, at)).toBe('MALFORMED')
    }
  })

  it('takes any good signature of several (a secret being rotated)', () => {
    const good = signNotification(secret, body, at)
    const other = signNotification('the-old-secret-0123456789abcdef', body, at).split(',')[1]
    expect(signatureProblem(secret, body, `${good},${other}`, at)).toBeNull()
    expect(
      signatureProblem(secret, body, `${good.split(',')[0]},${other},${good.split(',')[1]}`, at),
    ).toBeNull()
  })
})
