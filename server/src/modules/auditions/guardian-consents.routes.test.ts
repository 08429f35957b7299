import { AUDITION_SENT_FIELDS } from '@puribox/contract/audition-consent-rules'
import { addDays } from '@puribox/contract/time'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { sha256 } from '../../crypto/hash'
import { createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { profiles } from '../profile/profile.schema'
import { createAuditionsRepository } from './auditions.repository'
import { auditionApplications, auditionChecks, auditionGuardianConsents } from './auditions.schema'

const LIST = '/sp/2/auditions/self'
const READ = '/sp/2/auditions/guardian_consents/read'
const ANSWER = '/sp/2/auditions/guardian_consents/answer'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const TEEN = 'model-2027-spring'
/** 17 on TEST_NOW (2026-11-20): a minor. */
const MINOR_BIRTHDAY = '2009-05-01'
/** 18 on TEST_NOW: an adult, inside the teenagers' audition. */
const ADULT_BIRTHDAY = '2008-05-01'
/** What a member types: nothing of it may reach the guardian's mail or page. */
const TYPED = {
  guardianName: '山田 花子 今すぐ http://evil.example/win を開いて',
  relation: 'MOTHER',
  mailAddress: 'guardian@example.jp',
} as const
const HOUR_MS = 3_600_000

describe("a minor's guardian consent, and what is sent to the organiser", () => {
  const ctx = useTestApp()

  async function seedAudition() {
    await createAuditionsRepository(ctx().db).addAudition({
      id: TEEN,
      title: '新機種イメージモデル',
      organizer: 'ミルキー',
      description: '春の新機種のモデル',
      minAge: 13,
      maxAge: 19,
      opensAt: addDays(TEST_NOW, -10),
      closesAt: addDays(TEST_NOW, 30),
    })
  }

  async function member(birthday: string, nickname = 'ニックネーム-7Q') {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    await ctx().db.insert(profiles).values({ accountId: account.id, birthday, nickname })
    return { account, cookie }
  }

  const get = (url: string, cookie: string) => ctx().app.inject({ method: 'GET', url, headers: { cookie } })
  const post = (url: string, payload: object, cookie?: string) =>
    ctx().app.inject({ method: 'POST', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) }, payload })
  const start = (cookie: string) => post(`/sp/2/auditions/self/${TEEN}/checks`, {}, cookie)
  const askGuardian = (cookie: string, body: object = TYPED) =>
    post(`/sp/2/auditions/self/${TEEN}/guardian_consents`, body, cookie)
  const read = (token: string, cookie?: string) => post(READ, { token }, cookie)
  const answer = (token: string, body: { answer: string; confirmed: boolean }, cookie?: string) =>
    post(ANSWER, { token, ...body }, cookie)
  const listed = async (cookie: string) => (await get(LIST, cookie)).json().entity.auditions[0]
  /** The token of the link in the newest mail. */
  const lastToken = () => {
    const match = /\/sp\/audition\/consent\?token=([A-Za-z0-9_-]+)/.exec(ctx().mailer.last()?.text ?? '')
    if (!match) throw new Error('no consent link in the last mail')
    return match[1]!
  }
  const pick = (redirectUrl: string, outcome: string) =>
    ctx().app.inject({
      method: 'POST',
      url: new URL(redirectUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    })

  it('does not let a minor start the identity check before a guardian agreed, nor asks the verifier', async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY)
    expect(await listed(minor.cookie)).toMatchObject({
      eligibility: 'ELIGIBLE',
      guardianConsentRequired: true,
      step: 'GUARDIAN_CONSENT',
      guardianConsent: null,
      application: null,
    })
    const refused = await start(minor.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('AUDITION_GUARDIAN_CONSENT_REQUIRED')

    // Asked, but not answered yet: still refused.
    expect((await askGuardian(minor.cookie)).statusCode).toBe(200)
    expect((await listed(minor.cookie)).step).toBe('WAITING_FOR_GUARDIAN')
    expect((await start(minor.cookie)).json().error.code).toBe('AUDITION_GUARDIAN_CONSENT_REQUIRED')

    // Declined: refused, and the page asks again.
    expect((await answer(lastToken(), { answer: 'DECLINE', confirmed: false })).json().entity.state).toBe(
      'DECLINED',
    )
    expect(await listed(minor.cookie)).toMatchObject({
      step: 'GUARDIAN_CONSENT',
      guardianConsent: { state: 'DECLINED' },
    })
    expect((await start(minor.cookie)).json().error.code).toBe('AUDITION_GUARDIAN_CONSENT_REQUIRED')
    expect(await ctx().db.select().from(auditionChecks)).toEqual([])
    expect(ctx().app.sandboxVerify!.apiCalls).toBe(0)
  })

  it("mails the guardian PuriBox's own words and a link, never what the member typed", async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY, 'ヒミツの-NICK')
    const asked = await askGuardian(minor.cookie)
    expect(asked.statusCode).toBe(200)
    const consent = asked.json().entity
    // The member sees what they typed, as kept.
    expect(consent).toMatchObject({
      state: 'PENDING',
      guardianName: '山田 花子 今すぐ http://evil.example/win を開いて',
      relation: 'MOTHER',
      mailAddress: 'guardian@example.jp',
      requestedAt: '2026-11-20T12:00:00',
      expiresAt: '2026-11-23T12:00:00',
      answeredAt: null,
    })
    expect(consent.referenceNumber).toMatch(/^GC261120-[0-9A-Z]{4}$/)

    expect(ctx().mailer.sent).toHaveLength(1)
    const mail = ctx().mailer.last()!
    expect(mail.to).toBe('guardian@example.jp')
    expect(mail.replyTo).toBeUndefined()
    const whole = `${mail.subject}\n${mail.text}`
    for (const typed of [
      '山田',
      '花子',
      'evil.example',
      '今すぐ',
      'ヒミツ',
      'NICK',
      minor.account.mailAddress!,
    ]) {
      expect(whole).not.toContain(typed)
    }
    expect(whole).toContain(consent.referenceNumber)
    expect(mail.text).toContain('新機種イメージモデル')
    expect(mail.text).toContain('保護者（母）')
    expect(mail.text).toContain('11月23日 12:00まで（72時間）')
    expect(mail.text).toContain(`http://localhost:3000/sp/audition/consent?token=${lastToken()}`)

    // Only the token's hash is stored.
    const [row] = await ctx().db.select().from(auditionGuardianConsents)
    expect(row!.tokenHash).toBe(sha256(lastToken(), 'base64url'))
    expect(JSON.stringify(row)).not.toContain(lastToken())

    // The guardian's page shows PuriBox's words too: not the names typed.
    const page = await read(lastToken())
    expect(page.statusCode).toBe(200)
    expect(page.json().entity).toMatchObject({
      referenceNumber: consent.referenceNumber,
      relation: 'MOTHER',
      audition: { title: '新機種イメージモデル', organizer: 'ミルキー' },
      expiresAt: '2026-11-23T12:00:00',
    })
    for (const typed of ['山田', 'evil.example', 'ヒミツ', 'guardian@example.jp']) {
      expect(page.body).not.toContain(typed)
    }
  })

  it("keeps the guardian's answer once; then the minor starts the identity check", async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY)
    await askGuardian(minor.cookie)
    const token = lastToken()

    const unticked = await answer(token, { answer: 'AGREE', confirmed: false })
    expect(unticked.statusCode).toBe(400)
    expect(unticked.json().error.code).toBe('CONFIRMATION_REQUIRED')

    ctx().clock.advance(HOUR_MS)
    const agreed = await answer(token, { answer: 'AGREE', confirmed: true })
    expect(agreed.statusCode).toBe(200)
    expect(agreed.json().entity).toMatchObject({ state: 'AGREED', answeredAt: '2026-11-20T13:00:00' })

    // The link works once: a second answer, or reading it again, is refused.
    for (const again of [await answer(token, { answer: 'DECLINE', confirmed: false }), await read(token)]) {
      expect(again.statusCode).toBe(410)
      expect(again.json().error.code).toBe('AUDITION_CONSENT_ANSWERED')
    }
    expect(await listed(minor.cookie)).toMatchObject({
      step: 'IDENTITY_CHECK',
      guardianConsent: { state: 'AGREED', answeredAt: '2026-11-20T13:00:00' },
    })
    const asked = await askGuardian(minor.cookie)
    expect(asked.json().error.code).toBe('AUDITION_GUARDIAN_CONSENT_GIVEN')

    const started = await start(minor.cookie)
    expect(started.statusCode).toBe(200)
    expect(started.json().entity.redirectUrl).toMatch(/\/_sandbox\/verify\/session\/vs_/)
  })

  it('refuses a wrong token, a link past 72 hours and one a newer request replaced', async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY)
    for (const token of ['x'.repeat(43), 'short', `${'A'.repeat(42)}!`]) {
      const wrong = await read(token)
      expect(wrong.statusCode).toBe(404)
      expect(wrong.json().error.code).toBe('AUDITION_CONSENT_LINK_INVALID')
    }

    await askGuardian(minor.cookie)
    const first = lastToken()
    await askGuardian(minor.cookie, { ...TYPED, mailAddress: 'father@example.jp', relation: 'FATHER' })
    const second = lastToken()
    expect(ctx().mailer.last()!.to).toBe('father@example.jp')
    const replaced = await answer(first, { answer: 'AGREE', confirmed: true })
    expect(replaced.statusCode).toBe(410)
    expect(replaced.json().error.code).toBe('AUDITION_CONSENT_LINK_REPLACED')
    expect(await listed(minor.cookie)).toMatchObject({
      step: 'WAITING_FOR_GUARDIAN',
      guardianConsent: { state: 'PENDING', relation: 'FATHER', mailAddress: 'father@example.jp' },
    })

    ctx().clock.advance(72 * HOUR_MS - 1000)
    expect((await read(second)).statusCode).toBe(200)
    ctx().clock.advance(1000)
    for (const late of [await read(second), await answer(second, { answer: 'AGREE', confirmed: true })]) {
      expect(late.statusCode).toBe(410)
      expect(late.json().error.code).toBe('AUDITION_CONSENT_LINK_EXPIRED')
    }
    expect(await listed(minor.cookie)).toMatchObject({
      step: 'GUARDIAN_CONSENT',
      guardianConsent: { state: 'EXPIRED' },
    })
    expect((await start(minor.cookie)).json().error.code).toBe('AUDITION_GUARDIAN_CONSENT_REQUIRED')
  })

  it('does not let the applicant answer for their guardian; another member may answer as one', async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY)
    await askGuardian(minor.cookie)
    const token = lastToken()
    for (const own of [
      await read(token, minor.cookie),
      await answer(token, { answer: 'AGREE', confirmed: true }, minor.cookie),
    ]) {
      expect(own.statusCode).toBe(403)
      expect(own.json().error.code).toBe('AUDITION_CONSENT_BY_APPLICANT')
    }
    const parent = await member('1980-01-01')
    expect((await answer(token, { answer: 'AGREE', confirmed: true }, parent.cookie)).statusCode).toBe(200)
  })

  it("refuses what is no guardian's request, and limits the mails per member and per address", async () => {
    await seedAudition()
    const adult = await member(ADULT_BIRTHDAY)
    expect((await askGuardian(adult.cookie)).json().error.code).toBe('AUDITION_GUARDIAN_CONSENT_NOT_NEEDED')

    const minor = await member(MINOR_BIRTHDAY)
    const refusals: Array<[object, string]> = [
      [{ ...TYPED, guardianName: '   ' }, 'AUDITION_GUARDIAN_NAME_INVALID'],
      [{ ...TYPED, guardianName: '山田\u202e花子' }, 'AUDITION_GUARDIAN_NAME_INVALID'],
      [{ ...TYPED, guardianName: 'あ'.repeat(41) }, 'AUDITION_GUARDIAN_NAME_INVALID'],
      [{ ...TYPED, mailAddress: 'not-an-address' }, 'MAIL_ADDRESS_INVALID'],
      [{ ...TYPED, mailAddress: minor.account.mailAddress!.toUpperCase() }, 'AUDITION_GUARDIAN_MAIL_OWN'],
      [{ ...TYPED, relation: 'FRIEND' }, 'VALIDATION_FAILED'],
    ]
    for (const [body, code] of refusals) {
      const refused = await askGuardian(minor.cookie, body)
      expect(refused.statusCode, code).toBe(400)
      expect(refused.json().error.code).toBe(code)
    }
    expect(ctx().mailer.sent).toEqual([])

    // Five mails a day per member, whatever the address.
    for (let n = 1; n <= 5; n++) {
      const sent = await askGuardian(minor.cookie, { ...TYPED, mailAddress: `guardian${n}@example.jp` })
      expect(sent.statusCode, `mail ${n}`).toBe(200)
    }
    const sixth = await askGuardian(minor.cookie, { ...TYPED, mailAddress: 'guardian6@example.jp' })
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().error.code).toBe('RATE_LIMITED')
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0)

    // Three a day to one address, whoever asks.
    const target = { ...TYPED, mailAddress: 'Target@Example.jp' }
    for (let n = 1; n <= 3; n++) {
      const other = await member(MINOR_BIRTHDAY)
      expect((await askGuardian(other.cookie, target)).statusCode, `asker ${n}`).toBe(200)
    }
    const fourth = await askGuardian((await member(MINOR_BIRTHDAY)).cookie, {
      ...target,
      mailAddress: 'target@example.jp',
    })
    expect(fourth.statusCode).toBe(429)
    expect(ctx().mailer.sent).toHaveLength(8)

    ctx().clock.advance(24 * HOUR_MS)
    expect((await askGuardian(minor.cookie)).statusCode).toBe(200)
  })

  it('keeps no request whose mail could not be sent', async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY)
    vi.spyOn(ctx().mailer, 'send').mockRejectedValueOnce(new Error('smtp down'))
    const failed = await askGuardian(minor.cookie)
    expect(failed.statusCode).toBe(500)
    expect(await ctx().db.select().from(auditionGuardianConsents)).toEqual([])
    expect((await listed(minor.cookie)).step).toBe('GUARDIAN_CONSENT')
  })

  it("shows what was sent to the organiser, and when: a minor with the consent, never the guardian's name or address", async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY)
    await askGuardian(minor.cookie)
    ctx().clock.advance(HOUR_MS)
    await answer(lastToken(), { answer: 'AGREE', confirmed: true })
    ctx().clock.advance(HOUR_MS)
    const { check, redirectUrl } = (await start(minor.cookie)).json().entity
    expect((await listed(minor.cookie)).step).toBe('IDENTITY_CHECK')
    await pick(redirectUrl, 'VERIFIED')
    expect((await get(`/sp/2/auditions/self/checks/${check.id}`, minor.cookie)).json().entity.state).toBe(
      'VERIFIED',
    )

    const audition = await listed(minor.cookie)
    expect(audition.step).toBe('SENT')
    const { application } = audition
    expect(application.sentAt).toBe('2026-11-20T14:00:00')
    expect(Object.keys(application.sent)).toEqual([...AUDITION_SENT_FIELDS])
    expect(application.sent).toEqual({
      referenceNumber: expect.stringMatching(/^AU261120-[0-9A-Z]{6}$/),
      birthday: MINOR_BIRTHDAY,
      age: 17,
      identityCheck: {
        result: 'VERIFIED',
        sessionId: expect.stringMatching(/^vs_/),
        completedAt: expect.stringMatching(/^2026-11-20T14:00:/),
      },
      guardianConsent: { relation: 'MOTHER', consentedAt: '2026-11-20T13:00:00' },
    })
    const sentText = JSON.stringify(application)
    for (const kept of ['山田', 'guardian@example.jp', minor.account.mailAddress!, 'ニックネーム']) {
      expect(sentText).not.toContain(kept)
    }

    // What the page shows is what was stored when it went, not the profile as it is now.
    await ctx()
      .db.update(profiles)
      .set({ birthday: '2009-06-01' })
      .where(eq(profiles.accountId, minor.account.id))
    expect((await listed(minor.cookie)).application).toEqual(application)
    const [row] = await ctx().db.select().from(auditionApplications)
    expect(row!.sent).toEqual(application.sent)
    expect(row!.checkId).toBe(check.id)
  })

  it("keeps an adult's flow as it was: no consent, the check at once, and what was sent shown", async () => {
    await seedAudition()
    const adult = await member(ADULT_BIRTHDAY)
    expect(await listed(adult.cookie)).toMatchObject({
      guardianConsentRequired: false,
      step: 'IDENTITY_CHECK',
      guardianConsent: null,
    })
    const started = await start(adult.cookie)
    expect(started.statusCode).toBe(200)
    const { check, redirectUrl } = started.json().entity
    expect(check.state).toBe('PENDING')
    await pick(redirectUrl, 'VERIFIED')
    await get(`/sp/2/auditions/self/checks/${check.id}`, adult.cookie)
    const audition = await listed(adult.cookie)
    expect(audition.step).toBe('SENT')
    expect(audition.application.sent).toMatchObject({
      birthday: ADULT_BIRTHDAY,
      age: 18,
      guardianConsent: null,
    })
    expect(ctx().mailer.sent).toEqual([])
  })

  it("sends no minor's application from a check started before consents existed", async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY)
    // A check stored as the page started them before this rule.
    const { cookie } = minor
    await ctx()
      .db.update(profiles)
      .set({ birthday: ADULT_BIRTHDAY })
      .where(eq(profiles.accountId, minor.account.id))
    const { check, redirectUrl } = (await start(cookie)).json().entity
    await ctx()
      .db.update(profiles)
      .set({ birthday: MINOR_BIRTHDAY })
      .where(eq(profiles.accountId, minor.account.id))
    await pick(redirectUrl, 'VERIFIED')
    expect((await get(`/sp/2/auditions/self/checks/${check.id}`, cookie)).json().entity.state).toBe(
      'VERIFIED',
    )
    expect(await ctx().db.select().from(auditionApplications)).toEqual([])
    // Applied all the same, with nothing to show of what went; no consent to ask for any more.
    expect(await listed(cookie)).toMatchObject({ step: 'SENT', application: null })
  })

  it('forgets the requests nobody agreed to a month after their link ended', async () => {
    await seedAudition()
    const minor = await member(MINOR_BIRTHDAY)
    await askGuardian(minor.cookie)
    await askGuardian(minor.cookie, { ...TYPED, mailAddress: 'father@example.jp' })
    const other = await member(MINOR_BIRTHDAY)
    await askGuardian(other.cookie, { ...TYPED, mailAddress: 'other@example.jp' })
    await answer(lastToken(), { answer: 'AGREE', confirmed: true })

    ctx().clock.advance((72 + 30 * 24) * HOUR_MS + 1000)
    const sweep = ctx().app.housekeeping.find((job) => job.name === 'unagreed guardian consents')!
    await sweep.run()
    const left = await ctx().db.select().from(auditionGuardianConsents)
    expect(left.map((row) => [row.accountId, row.state])).toEqual([[other.account.id, 'AGREED']])
  })
})
