import { inquiryBodySchema } from '@puribox/contract/inquiries'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyState, newInquiryKey } from './inquiry-draft'

const isUuid = (key: string) => inquiryBodySchema.shape.idempotencyKey.safeParse(key).success

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the inquiry key', () => {
  it('is a UUID the server takes', () => {
    expect(isUuid(emptyState().key)).toBe(true)
  })

  it('is made without crypto.randomUUID (plain HTTP on a LAN address, an older phone), still a UUID', () => {
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) })
    const keys = new Set(Array.from({ length: 50 }, () => newInquiryKey()))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(isUuid(key)).toBe(true)
  })
})
