import { randomUUID } from 'node:crypto'
import { adminApi } from '@puribox/contract/admin-api'
import { CERTIFICATE_SLOTS } from '@puribox/contract/jhs-free'
import { describe, expect, it } from 'vitest'
import { auditTrail, consoleOperator } from '../../test/console'
import { createMember } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { JHS_PROFILE, submitJhsApplication } from '../../test/school-applications'
import type { OperatorRole } from '../actor'

const DAY = 24 * 60 * 60 * 1000
const STATE = '/sp/2/jhs_free/self'

/** What a member sees of their account and their application now. */
async function memberView(ctx: TestContext, cookie: string) {
  const headers = { cookie }
  const account = (await ctx.app.inject({ url: '/sp/2/account/self', headers })).json().entity
  const state = (await ctx.app.inject({ url: STATE, headers })).json().entity
  return { membership: account.membershipStatus as string, application: state.application }
}

describe("the console's junior-high queue: /admin/api/applications", () => {
  const ctx = useTestApp()
  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  async function applicant(profile = JHS_PROFILE) {
    const member = await createMember(ctx().db, ctx().clock)
    const application = await submitJhsApplication(ctx(), member.cookie, profile)
    return { ...member, application }
  }

  const auditOf = (id: string) => auditTrail(ctx(), 'school-application', id)

  it('lists waiting applications first, the longest waiting first, then the reviewed ones, a page at a time', async () => {
    const support = await signedIn('support')
    const first = await applicant()
    ctx().clock.advance(60_000)
    const second = await applicant()
    ctx().clock.advance(60_000)
    const third = await applicant()
    await support.call(adminApi.adminApplicationReject, {
      params: { applicationId: first.application.id },
      body: { reason: 'DOCUMENT_UNREADABLE' },
    })

    const page = (await support.call(adminApi.adminApplications, { query: { limit: 2 } })).json().entity
    expect(page.counts).toEqual({ SUBMITTED: 2, APPROVED: 0, REJECTED: 1 })
    expect(page.applications.map((row: { id: string }) => row.id)).toEqual([
      second.application.id,
      third.application.id,
    ])
    expect(page.applications[0]).toMatchObject({
      state: 'SUBMITTED',
      accountId: second.account.id,
      familyName: '山田',
      givenName: '花子',
      grade: 2,
      submittedAt: new Date(TEST_NOW.getTime() + 60_000).toISOString(),
      reviewedAt: null,
      // A second-year pupil in school year 2026: the third year ends on 31 March 2028 (Japan time).
      premiumEndsAt: '2028-03-31T15:00:00.000Z',
      certificatesDeleted: false,
    })
    const rest = (
      await support.call(adminApi.adminApplications, { query: { limit: 2, after: page.next } })
    ).json().entity
    expect(rest.applications.map((row: { id: string }) => row.id)).toEqual([first.application.id])
    expect(rest.next).toBeNull()
    const rejected = (await support.call(adminApi.adminApplications, { query: { state: 'REJECTED' } })).json()
      .entity
    expect(rejected.applications.map((row: { id: string }) => row.id)).toEqual([first.application.id])
  })

  it('approves: premium until 31 March of the third school year, the applicant mailed, the review in the audit log', async () => {
    const { cookie, application } = await applicant()
    const support = await signedIn('support')
    ctx().mailer.sent.length = 0
    ctx().clock.advance(3 * DAY)

    const approved = await support.call(adminApi.adminApplicationApprove, {
      params: { applicationId: application.id },
      body: { note: 'documents clear' },
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().entity).toMatchObject({
      state: 'APPROVED',
      reviewedAt: new Date(TEST_NOW.getTime() + 3 * DAY).toISOString(),
      premiumEndsAt: '2028-03-31T15:00:00.000Z',
      reviewer: { operatorId: support.operator.id, operatorMailAddress: support.operator.mailAddress },
      note: 'documents clear',
      rejectReason: null,
    })
    expect(await memberView(ctx(), cookie)).toMatchObject({
      membership: 'JHS_PREMIUM',
      application: { state: 'APPROVED' },
    })
    expect(ctx().mailer.sent).toHaveLength(1)
    expect(ctx().mailer.last()).toMatchObject({ to: 'hanako@example.jp' })
    expect(ctx().mailer.last()!.text).toContain('2028年3月31日まで')
    expect(ctx().mailer.last()!.text).not.toContain('documents clear')

    const again = await support.call(adminApi.adminApplicationApprove, {
      params: { applicationId: application.id },
      body: {},
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('JHS_APPLICATION_NOT_SUBMITTED')

    const [entry] = await auditOf(application.id)
    expect(entry).toMatchObject({
      action: 'school-application.approved',
      actor: { operatorId: support.operator.id },
      reason: 'documents clear',
      before: { state: 'SUBMITTED' },
      after: { state: 'APPROVED', premiumUntil: '2028-03-31T15:00:00.000Z' },
    })
  })

  describe('at the end of the school year', () => {
    const THIRD_YEAR = { ...JHS_PROFILE, birthYear: 2011, grade: 3 }
    // 31 March 2027, 23:00 Japan time: still school year 2026.
    const LAST_EVENING = new Date('2027-03-31T14:00:00Z')
    const NEW_YEAR = new Date('2027-03-31T15:00:00Z')

    it('gives a third-year pupil approved on 31 March the premium until midnight, and a free member after', async () => {
      ctx().clock.set(LAST_EVENING)
      const { cookie, application } = await applicant(THIRD_YEAR)
      const support = await signedIn('support')
      ctx().clock.set(new Date(LAST_EVENING.getTime() + 30 * 60_000))
      const approved = await support.call(adminApi.adminApplicationApprove, {
        params: { applicationId: application.id },
        body: {},
      })
      expect(approved.json().entity.premiumEndsAt).toBe(NEW_YEAR.toISOString())
      expect(ctx().mailer.last()!.text).toContain('2027年3月31日まで')
      expect((await memberView(ctx(), cookie)).membership).toBe('JHS_PREMIUM')
      // 1 April 00:00 Japan time: a free member again, with nothing running.
      ctx().clock.set(NEW_YEAR)
      expect((await memberView(ctx(), cookie)).membership).toBe('MINI')
    })

    it('refuses to approve once that premium has ended (JHS_PREMIUM_PERIOD_OVER); rejected with SCHOOL_YEAR_ENDED, the applicant reads why', async () => {
      ctx().clock.set(LAST_EVENING)
      const { cookie, application } = await applicant(THIRD_YEAR)
      const support = await signedIn('support')
      ctx().clock.set(NEW_YEAR)
      const late = await support.call(adminApi.adminApplicationApprove, {
        params: { applicationId: application.id },
        body: {},
      })
      expect(late.statusCode).toBe(409)
      expect(late.json().error.code).toBe('JHS_PREMIUM_PERIOD_OVER')
      expect((await memberView(ctx(), cookie)).application.state).toBe('SUBMITTED')

      const rejected = await support.call(adminApi.adminApplicationReject, {
        params: { applicationId: application.id },
        body: { reason: 'SCHOOL_YEAR_ENDED', note: 'reviewed too late, sorry' },
      })
      expect(rejected.json().entity).toMatchObject({ state: 'REJECTED', rejectReason: 'SCHOOL_YEAR_ENDED' })
      expect(ctx().mailer.last()!.text).toContain('中学3年生の3月31日を過ぎたため')
    })

    it('keeps the grade of the day it was sent: a second-year pupil who applied on 31 March, approved in April, has premium to the end of the next year', async () => {
      ctx().clock.set(LAST_EVENING)
      const { application } = await applicant()
      const support = await signedIn('support')
      ctx().clock.set(new Date('2027-04-02T01:00:00Z'))
      const approved = await support.call(adminApi.adminApplicationApprove, {
        params: { applicationId: application.id },
        body: {},
      })
      expect(approved.json().entity).toMatchObject({
        state: 'APPROVED',
        premiumEndsAt: '2028-03-31T15:00:00.000Z',
      })
    })
  })

  it("rejects for a fixed reason: the applicant is mailed PuriBox's sentence, never the operator's note", async () => {
    const { cookie, application } = await applicant()
    const admin = await signedIn('admin')
    ctx().mailer.sent.length = 0
    const rejected = await admin.call(adminApi.adminApplicationReject, {
      params: { applicationId: application.id },
      body: { reason: 'NUMBERS_NOT_HIDDEN', note: 'insurance number readable on the card' },
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    const sentence =
      'マイナンバー、または健康保険証の記号・番号・保険者番号・QRコードが隠されていませんでした。これらの番号は受け取ることができません。隠してから撮り直してください。'
    expect(rejected.json().entity).toMatchObject({
      state: 'REJECTED',
      rejectReason: 'NUMBERS_NOT_HIDDEN',
      rejectReasonText: sentence,
      note: 'insurance number readable on the card',
      reviewer: { operatorId: admin.operator.id },
    })
    expect(ctx().mailer.sent).toHaveLength(1)
    const [mail] = ctx().mailer.sent
    expect(mail!.to).toBe('hanako@example.jp')
    expect(mail!.text).toContain(sentence)
    expect(mail!.text).not.toContain('insurance number')
    expect((await memberView(ctx(), cookie)).application).toMatchObject({
      state: 'REJECTED',
      rejectReason: sentence,
    })
    const [entry] = await auditOf(application.id)
    expect(entry).toMatchObject({
      action: 'school-application.rejected',
      reason: 'insurance number readable on the card',
      after: { state: 'REJECTED', rejectReasonCode: 'NUMBERS_NOT_HIDDEN' },
    })

    const unknownReason = await admin.call(adminApi.adminApplicationReject, {
      params: { applicationId: application.id },
      body: { reason: 'BAD_HAIR_DAY' },
    })
    expect(unknownReason.json().error.code).toBe('VALIDATION_FAILED')
  })

  it('shows the certificates to support and admin only, as sent, kept by no cache, each viewing in the audit log', async () => {
    const { application } = await applicant()
    const support = await signedIn('support')
    const admin = await signedIn('admin')
    for (const [who, slot] of [
      [support, 'kind'],
      [admin, 'insurance'],
    ] as const) {
      const file = await who.call(adminApi.adminApplicationCertificate, {
        params: { applicationId: application.id, slot },
      })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe(application.certificates[slot].contentType)
      expect(file.headers['cache-control']).toBe('private, no-store')
      expect(file.headers['x-content-type-options']).toBe('nosniff')
      expect(file.rawPayload.equals(application.certificates[slot].data)).toBe(true)
    }
    for (const role of ['viewer', 'editor'] as const) {
      const refused = await (await signedIn(role)).call(adminApi.adminApplicationCertificate, {
        params: { applicationId: application.id, slot: 'kind' },
      })
      expect(refused.statusCode, role).toBe(403)
      expect(refused.json().error.code).toBe('FORBIDDEN')
      expect(refused.headers['cache-control']).toBe('private, no-store')
    }
    const entries = await auditOf(application.id)
    expect(entries.map((entry) => [entry.action, entry.actor.operatorId, entry.after])).toEqual([
      ['school-application.certificate-viewed', admin.operator.id, { slot: 'insurance' }],
      ['school-application.certificate-viewed', support.operator.id, { slot: 'kind' }],
    ])

    const missing = await support.call(adminApi.adminApplicationCertificate, {
      params: { applicationId: randomUUID(), slot: 'kind' },
    })
    expect(missing.json().error.code).toBe('JHS_APPLICATION_NOT_FOUND')
  })

  it('deletes the pictures 30 days after the review, as before; the page and the route then say so', async () => {
    const { application } = await applicant()
    const support = await signedIn('support')
    await support.call(adminApi.adminApplicationApprove, {
      params: { applicationId: application.id },
      body: {},
    })
    const certificates = () =>
      ctx()
        .storage.keys()
        .filter((key) => key.startsWith('certificates/'))
    const housekeeping = ctx().app.housekeeping.find((job) => job.name === 'junior-high certificates')!

    ctx().clock.set(new Date(TEST_NOW.getTime() + 29 * DAY))
    await housekeeping.run()
    expect(certificates()).toHaveLength(4)
    const page = (
      await support.call(adminApi.adminApplication, { params: { applicationId: application.id } })
    ).json().entity
    expect(page.certificates).toEqual(
      CERTIFICATE_SLOTS.map((slot) => ({
        slot,
        contentType: application.certificates[slot].contentType,
        byteSize: application.certificates[slot].data.length,
      })),
    )

    ctx().clock.set(new Date(TEST_NOW.getTime() + 30 * DAY + 60_000))
    await housekeeping.run()
    expect(certificates()).toEqual([])
    const after = (
      await support.call(adminApi.adminApplication, { params: { applicationId: application.id } })
    ).json().entity
    expect(after).toMatchObject({ state: 'APPROVED', certificatesDeleted: true, certificates: [] })
    const gone = await support.call(adminApi.adminApplicationCertificate, {
      params: { applicationId: application.id, slot: 'kind' },
    })
    expect(gone.statusCode).toBe(410)
    expect(gone.json().error.code).toBe('JHS_CERTIFICATE_DELETED')
  })

  it("lets viewers and editors read but not review; both read the applicant's name, birthday and address masked", async () => {
    const { application } = await applicant()
    const viewer = await signedIn('viewer')
    const seen = (
      await viewer.call(adminApi.adminApplication, { params: { applicationId: application.id } })
    ).json().entity
    expect(seen).toMatchObject({
      familyName: '***',
      givenName: '***',
      birthday: '***',
      mailAddress: '***',
      grade: 2,
      kindDocument: 'PASSPORT',
      state: 'SUBMITTED',
    })
    expect(JSON.stringify(seen)).not.toMatch(/山田|花子|hanako|2012-09-10/)
    const listed = (await viewer.call(adminApi.adminApplications)).json().entity.applications
    expect(listed).toMatchObject([{ id: application.id, familyName: '***', givenName: '***' }])

    const editor = await signedIn('editor')
    const read = (
      await editor.call(adminApi.adminApplication, { params: { applicationId: application.id } })
    ).json().entity
    expect(read).toMatchObject({ familyName: '***', birthday: '***', mailAddress: '***' })
    expect(JSON.stringify(read)).not.toMatch(/山田|花子|hanako|2012-09-10/)

    for (const who of [viewer, editor]) {
      for (const [route, body] of [
        [adminApi.adminApplicationApprove, {}],
        [adminApi.adminApplicationReject, { reason: 'OTHER' }],
      ] as const) {
        const refused = await who.call(route, { params: { applicationId: application.id }, body })
        expect(refused.statusCode, route.path).toBe(403)
      }
    }
    // Only the mail saying it arrived went out; it still waits.
    expect(ctx().mailer.sent).toHaveLength(1)
    expect(
      (await viewer.call(adminApi.adminApplication, { params: { applicationId: application.id } })).json()
        .entity.state,
    ).toBe('SUBMITTED')
    const missing = await viewer.call(adminApi.adminApplication, { params: { applicationId: randomUUID() } })
    expect(missing.json().error.code).toBe('JHS_APPLICATION_NOT_FOUND')
  })
})
