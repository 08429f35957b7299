import { randomUUID } from 'node:crypto'
import type { InquiryProblem } from '@puribox/contract/inquiry-rules'
import { SUPPORT_MAIL_ADDRESS } from '@puribox/contract/support'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accountDeletedEvent } from '../../test/events'
import { createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import { inquiries } from './inquiries.schema'

const SEND = '/sp/2/inquiries'
const CHECK = '/sp/2/inquiries/checks'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }

/** A valid inquiry of the `other` topic (text and one address), with `overrides`. */
function body(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    topic: 'other',
    text: 'プリが保存できなくて困っています。',
    mailAddresses: ['hanako@example.com'],
    ...overrides,
  }
}

describe('inquiries', () => {
  const ctx = useTestApp()

  function post(url: string, payload: unknown, from: { cookie?: string; ip?: string } = {}) {
    return ctx().app.inject({
      method: 'POST',
      url,
      headers: { ...XHR, ...(from.cookie ? { cookie: from.cookie } : {}) },
      payload: payload as object,
      remoteAddress: from.ip ?? '203.0.113.7',
    })
  }
  const rows = () => ctx().db.select().from(inquiries)

  /** The problems an INQUIRY_INVALID answer lists, as `field:problem[:index]`. */
  async function problemsOf(payload: unknown): Promise<string[]> {
    const response = await post(SEND, payload)
    expect(response.statusCode, response.body).toBe(400)
    const { error } = response.json()
    expect(error.code).toBe('INQUIRY_INVALID')
    return (error.problems as InquiryProblem[]).map((p) =>
      [p.field, p.problem, ...(p.index === undefined ? [] : [p.index])].join(':'),
    )
  }

  it('takes a guest inquiry: stored with a reference number, mailed to support and confirmed to the person', async () => {
    const response = await post(SEND, body({ mailAddresses: ['Hanako@Example.com', 'other@example.com'] }))
    expect(response.statusCode, response.body).toBe(200)
    const sent = response.json().entity
    expect(sent.referenceNumber).toMatch(/^PB261120-[0-9A-HJKMNP-TV-Z]{4}$/)
    expect(sent.replyTo).toBe('Hanako@Example.com')
    expect(sent.receivedAt).toBe('2026-11-20T12:00:00')

    const [row] = await rows()
    expect(row).toMatchObject({ referenceNumber: sent.referenceNumber, accountId: null, topic: 'other' })
    expect(row!.supportMailedAt).not.toBeNull()
    expect(row!.confirmationMailedAt).not.toBeNull()

    const [toSupport, toPerson] = ctx().mailer.sent
    expect(toSupport!.to).toBe(SUPPORT_MAIL_ADDRESS)
    expect(toSupport!.subject).toContain(sent.referenceNumber)
    expect(toSupport!.text).toContain('プリが保存できなくて困っています。')
    expect(toSupport!.text).toContain('Hanako@Example.com、other@example.com')
    expect(toPerson!.to).toBe('Hanako@Example.com')
    expect(toPerson!.subject).toContain(sent.referenceNumber)
    expect(ctx().mailer.sent).toHaveLength(2)
  })

  describe('the confirmation cannot carry what a stranger typed', () => {
    const SPAM = [
      '今だけ！高収入の副業をご紹介します。',
      'https://spam.example.net/win?ref=puribox',
      '鈴木花子',
      'イオンモール幕張新都心',
    ]
    const spamText = `${SPAM[0]} 詳しくはこちら ${SPAM[1]} 担当：${SPAM[2]}`

    it("to a guest's typed address: only the reference number and fixed text; support gets the text and Reply-To", async () => {
      const response = await post(
        SEND,
        body({
          topic: 'sealLookup',
          text: spamText,
          sealIds: ['ABCDE12345'],
          date: '2026-11-19',
          machine: SPAM[2],
          shop: SPAM[3],
          mailAddresses: ['victim@example.com', 'second@example.com'],
        }),
      )
      expect(response.statusCode, response.body).toBe(200)
      const { referenceNumber } = response.json().entity
      const [toSupport, toPerson] = ctx().mailer.sent

      expect(toPerson!.to).toBe('victim@example.com')
      expect(`${toPerson!.subject}\n${toPerson!.text}`).toContain(referenceNumber)
      for (const typed of [...SPAM, 'ABCDE', 'second@example.com', '詳しくはこちら']) {
        expect(toPerson!.subject).not.toContain(typed)
        expect(toPerson!.text).not.toContain(typed)
      }
      expect(toPerson!.replyTo).toBeUndefined()

      expect(toSupport!.to).toBe(SUPPORT_MAIL_ADDRESS)
      expect(toSupport!.replyTo).toBe('victim@example.com')
      expect(toSupport!.text).toContain(spamText)
      for (const typed of SPAM.slice(2)) expect(toSupport!.text).toContain(typed)
    })

    it("to a member's typed address that is not the account's own: the same fixed text", async () => {
      const member = await createMember(ctx().db, ctx().clock, { mailAddress: 'member@example.jp' })
      const response = await post(SEND, body({ text: spamText, mailAddresses: ['victim@example.com'] }), {
        cookie: member.cookie,
      })
      expect(response.statusCode, response.body).toBe(200)
      const [toSupport, toPerson] = ctx().mailer.sent
      expect(toPerson!.to).toBe('victim@example.com')
      expect(toPerson!.text).toContain(response.json().entity.referenceNumber)
      for (const typed of SPAM.slice(0, 3)) expect(toPerson!.text).not.toContain(typed)
      expect(toSupport!.replyTo).toBe('victim@example.com')
      expect(toSupport!.text).toContain(member.account.id)
    })

    it("to a member's own verified address: the text too (it reaches only the person who typed it)", async () => {
      const member = await createMember(ctx().db, ctx().clock, { mailAddress: 'member@example.jp' })
      const response = await post(
        SEND,
        body({ text: 'プリが保存できなくて困っています。', mailAddresses: ['member@EXAMPLE.JP'] }),
        { cookie: member.cookie },
      )
      expect(response.statusCode, response.body).toBe(200)
      const [toSupport, toPerson] = ctx().mailer.sent
      expect(toPerson!.to).toBe('member@EXAMPLE.JP')
      expect(toPerson!.text).toContain(response.json().entity.referenceNumber)
      expect(toPerson!.text).toContain('プリが保存できなくて困っています。')
      expect(toSupport!.replyTo).toBe('member@EXAMPLE.JP')
    })

    it('refuses an address with a line break (a header injection), and mails nothing', async () => {
      for (const address of [
        'victim@example.com\r\nBcc: many@example.net',
        'victim@example.com\nReply-To: spammer@example.net',
        'victim@example.com\rX-Spam: 1',
      ]) {
        expect(await problemsOf(body({ mailAddresses: [address] }))).toEqual(['mailAddresses:MALFORMED:0'])
      }
      expect(await rows()).toHaveLength(0)
      expect(ctx().mailer.sent).toHaveLength(0)
    })
  })

  it("stores a member's inquiry with the account, and only the fields of its topic, seal IDs as read", async () => {
    const { sealId } = await createSeal(ctx())
    const member = await createMember(ctx().db, ctx().clock)
    const response = await post(
      SEND,
      body({
        topic: 'photos',
        sealIds: [sealId.toLowerCase()],
        checkedImage: { sealId, number: 2 },
        date: '2026-11-19',
        machine: '  ',
      }),
      { cookie: member.cookie },
    )
    expect(response.statusCode, response.body).toBe(200)
    const [row] = await rows()
    expect(row!.accountId).toBe(member.account.id)
    expect(row!.draft).toEqual({
      topic: 'photos',
      text: 'プリが保存できなくて困っています。',
      mailAddresses: ['hanako@example.com'],
      sealIds: [sealId],
      checkedImage: { sealId, number: 2 },
      date: '2026-11-19',
    })
    expect(ctx().mailer.sent[0]!.text).toContain(`${sealId.slice(0, 5)}-${sealId.slice(5)} の2枚目`)
  })

  it('answers a double tap once: the same key gives the first inquiry, with no second row or mail', async () => {
    const payload = body()
    const [first, second] = await Promise.all([post(SEND, payload), post(SEND, payload)])
    const third = await post(SEND, { ...payload, text: 'ちがう内容を書きなおしました。' })
    for (const response of [first, second, third]) expect(response.statusCode, response.body).toBe(200)
    const numbers = [first, second, third].map((response) => response.json().entity.referenceNumber)
    expect(new Set(numbers).size).toBe(1)
    expect(await rows()).toHaveLength(1)
    expect(ctx().mailer.sent).toHaveLength(2)
  })

  it("refuses a key another person used (IDEMPOTENCY_KEY_REUSED), and a member cannot read a guest's", async () => {
    const payload = body()
    expect((await post(SEND, payload)).statusCode).toBe(200)
    const member = await createMember(ctx().db, ctx().clock)
    const response = await post(SEND, payload, { cookie: member.cookie })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(response.json().error).not.toHaveProperty('referenceNumber')
  })

  it('sends the mail a failed replay left out, once the key comes again', async () => {
    const payload = body()
    const mailer = ctx().mailer
    const send = mailer.send
    mailer.send = async () => {
      throw new Error('SMTP down')
    }
    const first = await post(SEND, payload)
    expect(first.statusCode, first.body).toBe(200)
    mailer.send = send
    const again = await post(SEND, payload)
    expect(again.json().entity.referenceNumber).toBe(first.json().entity.referenceNumber)
    expect(mailer.sent.map((mail) => mail.to)).toEqual([SUPPORT_MAIL_ADDRESS, 'hanako@example.com'])
    expect(await rows()).toHaveLength(1)
  })

  it('keeps free text without control characters: a NUL pasted into it was a 500, now it is dropped', async () => {
    const response = await post(
      SEND,
      body({ text: 'プリが保存できなくて\u0000困っています。\n\tよろしく\u0007お願いします。' }),
    )
    expect(response.statusCode).toBe(200)
    const [row] = await rows()
    expect(row!.draft.text).toBe('プリが保存できなくて困っています。\n\tよろしくお願いします。')
  })

  it('refuses an unknown topic with INQUIRY_TOPIC_UNKNOWN', async () => {
    const response = await post(SEND, body({ topic: 'lottery' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('INQUIRY_TOPIC_UNKNOWN')
    expect(await rows()).toHaveLength(0)
  })

  it('refuses a body of the wrong shape with VALIDATION_FAILED (no key, a number for the text)', async () => {
    const { idempotencyKey: _dropped, ...withoutKey } = body()
    expect((await post(SEND, withoutKey)).json().error.code).toBe('VALIDATION_FAILED')
    expect((await post(SEND, body({ text: 12 }))).json().error.code).toBe('VALIDATION_FAILED')
    expect((await post(SEND, body({ carrier: 'WILLCOM' }))).json().error.code).toBe('VALIDATION_FAILED')
  })

  describe('every rule of the form', () => {
    it('the text: required, at least 10 characters, at most 2,000', async () => {
      expect(await problemsOf(body({ text: '   ' }))).toEqual(['text:REQUIRED'])
      expect(await problemsOf(body({ text: 'みられない' }))).toEqual(['text:TOO_SHORT'])
      expect(await problemsOf(body({ text: 'あ'.repeat(2001) }))).toEqual(['text:TOO_LONG'])
    })

    it('the mail list: one address at least, well-formed, no known typo, no domain without mail, each once, three at most', async () => {
      expect(await problemsOf(body({ mailAddresses: [] }))).toEqual(['mailAddresses:REQUIRED:0'])
      expect(await problemsOf(body({ mailAddresses: ['hanako@', 'a b@example.com'] }))).toEqual([
        'mailAddresses:MALFORMED:0',
        'mailAddresses:MALFORMED:1',
      ])
      const typo = await post(SEND, body({ mailAddresses: ['hanako@docomo.ne.jo'] }))
      expect(typo.json().error.problems).toEqual([
        { field: 'mailAddresses', problem: 'TYPO', index: 0, suggestion: 'hanako@docomo.ne.jp' },
      ])
      expect(await problemsOf(body({ mailAddresses: ['a@example.com', 'A@example.com'] }))).toEqual([
        'mailAddresses:DUPLICATE:1',
      ])
      expect(await problemsOf(body({ mailAddresses: ['hanako@nowhere.invalid'] }))).toEqual([
        'mailAddresses:UNDELIVERABLE:0',
      ])
      expect(
        await problemsOf(
          body({ mailAddresses: ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'] }),
        ),
      ).toEqual(['mailAddresses:TOO_MANY'])
    })

    it('the seal IDs: DESIGN format, each once, five at most, required by the topics about a seal', async () => {
      const photos = { topic: 'photos' }
      expect(await problemsOf(body({ ...photos, sealIds: [] }))).toEqual(['sealIds:REQUIRED:0'])
      expect(await problemsOf(body({ ...photos, sealIds: ['ABCDE-1234U'] }))).toEqual(['sealIds:MALFORMED:0'])
      expect(await problemsOf(body({ ...photos, sealIds: ['abcde-12345', 'ABCDE12345'] }))).toEqual([
        'sealIds:DUPLICATE:1',
      ])
      const six = ['1', '2', '3', '4', '5', '6'].map((n) => `ABCDE1234${n}`)
      expect(await problemsOf(body({ ...photos, sealIds: six }))).toEqual(['sealIds:TOO_MANY'])
      // Not asked by the `other` topic.
      expect(await problemsOf(body({ sealIds: ['ABCDE12345'] }))).toEqual(['sealIds:NOT_ASKED'])
    })

    it('the checked image: of a seal in the list, a puri number from 1 to 20', async () => {
      const photos = { topic: 'photos', sealIds: ['ABCDE12345'] }
      expect(
        await problemsOf(body({ ...photos, checkedImage: { sealId: 'ZZZZZ99999', number: 1 } })),
      ).toEqual(['checkedImage:NOT_IN_LIST'])
      expect(
        await problemsOf(body({ ...photos, checkedImage: { sealId: 'ABCDE12345', number: 0 } })),
      ).toEqual(['checkedImage:OUT_OF_RANGE'])
      expect(
        await problemsOf(
          body({
            topic: 'sealLookup',
            ...{ sealIds: ['ABCDE12345'], date: '2026-11-19' },
            checkedImage: { sealId: 'ABCDE12345', number: 1 },
          }),
        ),
      ).toEqual(['checkedImage:NOT_ASKED'])
    })

    it('the date: a real day, not after today (the request clock), at most a year ago', async () => {
      const lookup = { topic: 'sealLookup', sealIds: ['ABCDE12345'] }
      expect(await problemsOf(body(lookup))).toEqual(['date:REQUIRED'])
      expect(await problemsOf(body({ ...lookup, date: '2026-02-30' }))).toEqual(['date:MALFORMED'])
      // TEST_NOW is 2026-11-20 12:00 in Japan.
      expect(await problemsOf(body({ ...lookup, date: '2026-11-21' }))).toEqual(['date:FUTURE'])
      expect(await problemsOf(body({ ...lookup, date: '2025-11-19' }))).toEqual(['date:TOO_OLD'])
      ctx().clock.set(new Date(TEST_NOW.getTime() + 24 * 3_600_000))
      const tomorrow = await post(SEND, body({ ...lookup, date: '2026-11-21' }))
      expect(tomorrow.statusCode, tomorrow.body).toBe(200)
    })

    it('machine and shop: 60 characters at most, only where asked', async () => {
      const lookup = { topic: 'sealLookup', sealIds: ['ABCDE12345'], date: '2026-11-19' }
      expect(await problemsOf(body({ ...lookup, machine: 'あ'.repeat(61), shop: 'い'.repeat(61) }))).toEqual([
        'machine:TOO_LONG',
        'shop:TOO_LONG',
      ])
      expect(await problemsOf(body({ shop: 'イオン' }))).toEqual(['shop:NOT_ASKED'])
    })

    it('payment: account kind and payment kind required, a price in whole yen up to 100,000', async () => {
      expect(await problemsOf(body({ topic: 'payment' }))).toEqual([
        'accountKind:REQUIRED',
        'paymentKind:REQUIRED',
      ])
      expect(
        await problemsOf(
          body({ topic: 'payment', accountKind: 'JHS_PREMIUM', paymentKind: 'AU', paymentPrice: -1 }),
        ),
      ).toEqual(['paymentPrice:OUT_OF_RANGE'])
      expect(await problemsOf(body({ paymentKind: 'AU' }))).toEqual(['paymentKind:NOT_ASKED'])
    })

    it('login: at least one way of registering tried, each once', async () => {
      expect(await problemsOf(body({ topic: 'login' }))).toEqual(['howToRegister:REQUIRED'])
      expect(await problemsOf(body({ topic: 'login', howToRegister: ['LINE', 'LINE'] }))).toEqual([
        'howToRegister:DUPLICATE',
      ])
      expect((await post(SEND, body({ topic: 'login', howToRegister: ['MAIL', 'LINE'] }))).statusCode).toBe(
        200,
      )
    })

    it('lists every problem at once, and stores and mails nothing', async () => {
      expect(await problemsOf(body({ text: '', mailAddresses: ['x'], topic: 'payment' }))).toEqual([
        'text:REQUIRED',
        'mailAddresses:MALFORMED:0',
        'accountKind:REQUIRED',
        'paymentKind:REQUIRED',
      ])
      expect(await rows()).toHaveLength(0)
      expect(ctx().mailer.sent).toHaveLength(0)
    })
  })

  describe('rate limits', () => {
    it('takes 5 inquiries an hour from a member, then RATE_LIMITED with Retry-After; an hour later, again', async () => {
      const member = await createMember(ctx().db, ctx().clock)
      for (let i = 0; i < 5; i++) {
        const ok = await post(SEND, body({ mailAddresses: [`m${i}@example.com`] }), { cookie: member.cookie })
        expect(ok.statusCode, ok.body).toBe(200)
      }
      const sixth = await post(SEND, body({ mailAddresses: ['m9@example.com'] }), { cookie: member.cookie })
      expect(sixth.statusCode).toBe(429)
      expect(sixth.json().error.code).toBe('RATE_LIMITED')
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0)
      // Another address of the same member counts the same; a guest elsewhere is not held.
      expect(
        (await post(SEND, body({ mailAddresses: ['g@example.com'] }), { ip: '198.51.100.1' })).statusCode,
      ).toBe(200)
      ctx().clock.set(new Date(TEST_NOW.getTime() + 61 * 60_000))
      expect(
        (await post(SEND, body({ mailAddresses: ['m9@example.com'] }), { cookie: member.cookie })).statusCode,
      ).toBe(200)
    })

    it('confirms to one address 3 times an hour, whoever sends', async () => {
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        expect((await post(SEND, body(), { ip })).statusCode).toBe(200)
      }
      const fourth = await post(SEND, body(), { ip: '198.51.100.4' })
      expect(fourth.statusCode).toBe(429)
      expect(ctx().mailer.sent).toHaveLength(6)
    })

    it('a retried key is answered even past the limit (it sends nothing new)', async () => {
      const payloads = Array.from({ length: 10 }, (_, i) => body({ mailAddresses: [`g${i}@example.com`] }))
      for (const payload of payloads) expect((await post(SEND, payload)).statusCode).toBe(200)
      expect((await post(SEND, body({ mailAddresses: ['late@example.com'] }))).statusCode).toBe(429)
      expect((await post(SEND, payloads[0])).statusCode).toBe(200)
    })
  })

  describe('the checks as the person types', () => {
    it("reads each seal ID, says whether its seal exists and its puris' numbers, and each address's problem", async () => {
      const { sealId } = await createSeal(ctx())
      const response = await post(CHECK, {
        sealIds: [sealId.toLowerCase(), 'ZZZZZ-99999', 'ABC'],
        mailAddresses: ['hanako@docomo.ne.jo', 'hanako@nowhere.invalid', 'hanako@example.com', 'hanako'],
      })
      expect(response.statusCode, response.body).toBe(400)
      const three = await post(CHECK, {
        sealIds: [sealId.toLowerCase(), 'ZZZZZ-99999', 'ABC'],
        mailAddresses: ['hanako@docomo.ne.jo', 'hanako@nowhere.invalid', 'hanako'],
      })
      expect(three.statusCode, three.body).toBe(200)
      const { seals, mails } = three.json().entity
      expect(seals[0]).toMatchObject({ sealId, exists: true })
      expect(seals[0].puriNumbers.length).toBeGreaterThan(0)
      expect(seals[1]).toEqual({ typed: 'ZZZZZ-99999', sealId: 'ZZZZZ99999', exists: false, puriNumbers: [] })
      expect(seals[2]).toEqual({ typed: 'ABC', sealId: null, exists: null, puriNumbers: [] })
      expect(mails).toEqual([
        { typed: 'hanako@docomo.ne.jo', problem: 'TYPO', suggestion: 'hanako@docomo.ne.jp' },
        { typed: 'hanako@nowhere.invalid', problem: 'UNDELIVERABLE', suggestion: null },
        { typed: 'hanako', problem: 'MALFORMED', suggestion: null },
      ])
    })

    it('never counts towards the puri-getting penalty, and is rate limited by itself (30 an hour)', async () => {
      const { sealId } = await createSeal(ctx())
      const member = await createMember(ctx().db, ctx().clock)
      for (let i = 0; i < 30; i++) {
        const unknown = Array.from({ length: 5 }, (_, n) => `ZZZZ${String(i).padStart(2, '0')}${n}ZZZ`)
        const response = await post(CHECK, { sealIds: unknown }, { cookie: member.cookie })
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json().entity.seals.every((seal: { exists: boolean }) => seal.exists === false)).toBe(
          true,
        )
      }
      const over = await post(CHECK, { sealIds: ['ZZZZZ00000'] }, { cookie: member.cookie })
      expect(over.statusCode).toBe(429)
      expect(over.json().error.code).toBe('RATE_LIMITED')
      // 150 unknown IDs checked, and the member's lookups are not held.
      const lookup = await ctx().app.inject({
        url: `/sp/2/seals/${sealId}`,
        headers: { cookie: member.cookie },
      })
      expect(lookup.statusCode, lookup.body).toBe(200)
    })
  })

  it("goes with the account when it is deleted (a guest's stays)", async () => {
    const member = await createMember(ctx().db, ctx().clock)
    expect((await post(SEND, body(), { cookie: member.cookie })).statusCode).toBe(200)
    expect((await post(SEND, body({ mailAddresses: ['g@example.com'] }))).statusCode).toBe(200)
    const { createInquiriesRepository } = await import('./inquiries.repository')
    await ctx().db.transaction((tx) =>
      createInquiriesRepository(ctx().db).accountDeleted(
        tx,
        accountDeletedEvent(member.account.id, TEST_NOW),
      ),
    )
    expect(
      await ctx().db.select().from(inquiries).where(eq(inquiries.accountId, member.account.id)),
    ).toHaveLength(0)
    expect(await rows()).toHaveLength(1)
  })
})
