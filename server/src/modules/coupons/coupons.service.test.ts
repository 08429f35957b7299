import { TICKET_CODE_ALPHABET } from '@puribox/contract/coupons'
import { describe, expect, it } from 'vitest'
import { japanMonthOf, newTicketCode, startOfNextJapanMonth, ticketStateAt } from './coupons.service'

describe('coupon rules', () => {
  it('counts months in Japan time, across the year end', () => {
    expect(japanMonthOf(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11')
    expect(japanMonthOf(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12')
    expect(startOfNextJapanMonth('2026-11').toISOString()).toBe('2026-11-30T15:00:00.000Z')
    expect(startOfNextJapanMonth('2026-12').toISOString()).toBe('2026-12-31T15:00:00.000Z')
  })

  it('makes codes of 8 unambiguous characters', () => {
    expect(TICKET_CODE_ALPHABET).not.toMatch(/[0158OILSBUV]/)
    const codes = new Set(Array.from({ length: 500 }, newTicketCode))
    expect(codes.size).toBe(500)
    for (const code of codes) expect(code).toMatch(/^[234679ACDEFGHJKMNPQRTWXYZ]{8}$/)
  })

  it('says where a ticket stands: the start is included, the end is not, used wins', () => {
    const ticket = { validFrom: new Date(1000), validUntil: new Date(2000), usedAt: null }
    expect(ticketStateAt(ticket, new Date(999))).toBe('NOT_YET_VALID')
    expect(ticketStateAt(ticket, new Date(1000))).toBe('USABLE')
    expect(ticketStateAt(ticket, new Date(2000))).toBe('EXPIRED')
    expect(ticketStateAt({ ...ticket, usedAt: new Date(1500) }, new Date(3000))).toBe('USED')
  })
})
