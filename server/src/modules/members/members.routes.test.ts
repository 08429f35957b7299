import { adminApi } from '@puribox/contract/admin-api'
import { api } from '@puribox/contract/routes'
import { formatSealId } from '@puribox/contract/seal-id'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAd, createTopPageSpace, fetchAdToken } from '../../test/ads'
import { auditTrail, consoleOperator } from '../../test/console'
import { injectOptions } from '../../test/contract-requests'
import {
  createAccount,
  createMember,
  createSave,
  createSession,
  createSubscription,
} from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import { accounts } from '../accounts/accounts.schema'
import { hashPassword } from '../auth/passwords'
import { externalIdentities } from '../external-auth/external-auth.schema'
import { subscriptions } from '../payments/payments.schema'
import { profiles } from '../profile/profile.schema'

const PASSWORD = 'sakura-purikura-7'
const DAY = 24 * 60 * 60 * 1000

let passwordHash: string
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD)
})

type Operator = Awaited<ReturnType<typeof consoleOperator>>

/** The audit log's entries about an account, oldest first. */
async function auditOf(ctx: TestContext, accountId: string) {
  return (await auditTrail(ctx, 'account', accountId)).reverse()
}

describe('the console: members', () => {
  const ctx = useTestApp()

  function self(cookie: string) {
    return ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
  }

  function lookUp(sealId: string, cookie: string) {
    return ctx().app.inject({ url: `/sp/2/seals/${sealId}`, headers: { cookie } })
  }

  function login(mailAddress: string) {
    return ctx().app.inject(injectOptions(api.login, { body: { mailAddress, password: PASSWORD } }))
  }

  describe('finding members', () => {
    it('finds one by account id, by mail address whatever its case, and the owners of a seal as people type its ID, a page at a time', async () => {
      const support = await consoleOperator(ctx(), 'support')
      const hana = await createAccount(ctx().db, { mailAddress: 'Hana@example.jp' })
      const twin = await createAccount(ctx().db, { mailAddress: 'hana@example.jp' })
      await createAccount(ctx().db, { mailAddress: 'momo@example.jp' })
      const find = async (query: Record<string, unknown>) => {
        const response = await support.call(adminApi.adminMembers, { query })
        expect(response.statusCode, response.body).toBe(200)
        return response.json().entity as { members: Array<{ id: string; mailAddress: string }>; next: string }
      }

      expect((await find({ accountId: hana.id })).members).toEqual([
        {
          id: hana.id,
          mailAddress: 'Hana@example.jp',
          membership: 'MINI',
          official: false,
          registeredAt: hana.registeredAt.toISOString(),
          snsPenalty: null,
          purigetPenalty: 'GREEN',
        },
      ])
      const byMail = await find({ mailAddress: ' HANA@EXAMPLE.JP ' })
      expect(byMail.members.map((m) => m.id)).toEqual([hana.id, twin.id].sort())
      expect(byMail.next).toBeNull()
      expect((await find({ mailAddress: 'nobody@example.jp' })).members).toEqual([])

      const { sealId } = await createSeal(ctx())
      const owners = [hana, twin, await createAccount(ctx().db)]
      for (const owner of owners) await createSave(ctx().db, { sealId, accountId: owner.id, at: TEST_NOW })
      // Lower case, with the hyphen and an O for the zero: the members' API reads it the same.
      const typed = formatSealId(sealId).toLowerCase().replace(/0/g, 'o')
      const first = await find({ sealId: typed, limit: 2 })
      const second = await find({ sealId: typed, limit: 2, after: first.next })
      expect([...first.members, ...second.members].map((m) => m.id)).toEqual(owners.map((o) => o.id).sort())
      expect(first.members).toHaveLength(2)
      expect(second.next).toBeNull()
    })

    it('refuses an unreadable seal ID with SEAL_ID_MALFORMED, and a query with no key or two with VALIDATION_FAILED', async () => {
      const viewer = await consoleOperator(ctx(), 'viewer')
      const malformed = await viewer.call(adminApi.adminMembers, { query: { sealId: 'UUUUU-UUUUU' } })
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json().error.code).toBe('SEAL_ID_MALFORMED')
      for (const query of [{}, { accountId: TEST_UUID, mailAddress: 'hana@example.jp' }]) {
        const response = await viewer.call(adminApi.adminMembers, { query })
        expect(response.statusCode, JSON.stringify(query)).toBe(400)
        expect(response.json().error.code).toBe('VALIDATION_FAILED')
      }
    })
  })

  describe("a member's page", () => {
    async function fullMember() {
      const { db, clock } = ctx()
      const account = await createAccount(db, {
        mailAddress: 'sakura@example.jp',
        passwordHash,
        premiumUntil: new Date(TEST_NOW.getTime() + 10 * DAY),
      })
      await db.insert(profiles).values({ accountId: account.id, nickname: 'さくら', birthday: '2008-04-02' })
      await db
        .insert(externalIdentities)
        .values({ provider: 'line', subject: 'line-sakura', accountId: account.id, linkedAt: TEST_NOW })
      const subscription = await createSubscription(db, {
        accountId: account.id,
        status: 'ACTIVE',
        paidUntil: new Date(TEST_NOW.getTime() + 10 * DAY),
        lastPaidAt: new Date(TEST_NOW.getTime() - 20 * DAY),
      })
      await createSession(db, clock, { accountId: account.id })
      const { sealId } = await createSeal(ctx())
      await createSave(db, { sealId, accountId: account.id, at: TEST_NOW, puriNumbers: [1, 2] })
      return { account, subscription, sealId }
    }

    it('shows membership, how they sign in, payments, sessions, penalties and seals; a viewer sees mail, nickname and birthday masked', async () => {
      const { account, subscription, sealId } = await fullMember()
      const support = await consoleOperator(ctx(), 'support')
      const response = await support.call(adminApi.adminMember, { params: { accountId: account.id } })
      expect(response.statusCode, response.body).toBe(200)
      const page = response.json().entity
      expect(page.account).toEqual({
        id: account.id,
        mailAddress: 'sakura@example.jp',
        official: false,
        registeredAt: account.registeredAt.toISOString(),
        membership: 'PREMIUM',
        premiumUntil: new Date(TEST_NOW.getTime() + 10 * DAY).toISOString(),
        schoolPremiumUntil: null,
      })
      expect(page.profile).toEqual({ nickname: 'さくら', birthday: '2008-04-02' })
      expect(page.signIn).toEqual({
        password: true,
        identities: [{ provider: 'line', linkedAt: TEST_NOW.toISOString() }],
      })
      expect(page.subscriptions).toEqual([
        expect.objectContaining({
          id: subscription.id,
          kind: 'CREDIT',
          status: 'ACTIVE',
          renewing: true,
          paidUntil: new Date(TEST_NOW.getTime() + 10 * DAY).toISOString(),
        }),
      ])
      expect(JSON.stringify(page.subscriptions)).not.toContain('consent')
      expect(page.sessions).toEqual([
        {
          id: expect.stringMatching(/^[\w-]{16}$/),
          device: null,
          signedInAt: TEST_NOW.toISOString(),
          lastUsedAt: TEST_NOW.toISOString(),
        },
      ])
      expect(page.penalties).toEqual({
        puriget: { penalty: 'GREEN', yellowUntil: null, decision: null },
        sns: { penalty: null, decision: null },
      })
      expect(page.seals).toEqual({
        total: 1,
        seals: [{ sealId, savedAt: TEST_NOW.toISOString(), pictures: 2 }],
        next: null,
      })

      const viewer = await consoleOperator(ctx(), 'viewer')
      const masked = (await viewer.call(adminApi.adminMember, { params: { accountId: account.id } })).json()
        .entity
      expect(masked.account.mailAddress).toBe('***')
      expect(masked.profile).toEqual({ nickname: '***', birthday: '***' })
      expect(masked.seals).toEqual(page.seals)
      const found = (await viewer.call(adminApi.adminMembers, { query: { accountId: account.id } })).json()
        .entity
      expect(found.members[0].mailAddress).toBe('***')
    })

    it('pages through the seals a member saved, the latest first', async () => {
      const support = await consoleOperator(ctx(), 'support')
      const account = await createAccount(ctx().db)
      const sealIds: string[] = []
      for (let i = 0; i < 3; i++) {
        const { sealId } = await createSeal(ctx())
        sealIds.push(sealId)
        await createSave(ctx().db, {
          sealId,
          accountId: account.id,
          at: new Date(TEST_NOW.getTime() + i * 1000),
        })
      }
      const params = { accountId: account.id }
      const first = (await support.call(adminApi.adminMemberSeals, { params, query: { limit: 2 } })).json()
        .entity
      const second = (
        await support.call(adminApi.adminMemberSeals, {
          params,
          query: { limit: 2, after: first.next },
        })
      ).json().entity
      expect([...first.seals, ...second.seals].map((s: { sealId: string }) => s.sealId)).toEqual(
        sealIds.reverse(),
      )
      expect(first.total).toBe(3)
      expect(second.next).toBeNull()
      const odd = await support.call(adminApi.adminMemberSeals, {
        params,
        query: { after: 'yesterday' },
      })
      expect(odd.json().error.code).toBe('VALIDATION_FAILED')
    })

    it('answers MEMBER_NOT_FOUND for an account that is not there', async () => {
      const viewer = await consoleOperator(ctx(), 'viewer')
      for (const route of ['adminMember', 'adminMemberSeals'] as const) {
        const response = await viewer.call(adminApi[route], { params: { accountId: TEST_UUID } })
        expect(response.statusCode).toBe(404)
        expect(response.json().error.code).toBe('MEMBER_NOT_FOUND')
      }
    })
  })

  describe('the puri-getting penalty', () => {
    it("RED refuses the member's seal lookups with PURIGET_PENALTY_RED and tells its reason; cleared, lookups work again; both audited with the note", async () => {
      const support = await consoleOperator(ctx(), 'support')
      const { account, cookie } = await createMember(ctx().db, ctx().clock)
      const { sealId } = await createSeal(ctx())
      expect((await lookUp(sealId, cookie)).statusCode).toBe(200)
      const params = { accountId: account.id }

      const set = await support.call(adminApi.adminMemberPurigetPenaltySet, {
        params,
        body: { reason: 'OTHERS_PURI', note: 'IDs from a post on X' },
      })
      expect(set.statusCode, set.body).toBe(200)
      expect(set.json().entity.penalties.puriget).toEqual({
        penalty: 'RED',
        yellowUntil: null,
        decision: {
          reason: 'OTHERS_PURI',
          note: 'IDs from a post on X',
          decidedAt: TEST_NOW.toISOString(),
          decidedBy: {
            kind: 'operator',
            operatorId: support.operator.id,
            operatorMailAddress: support.operator.mailAddress,
            job: null,
          },
        },
      })
      const refused = await lookUp(sealId, cookie)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.code).toBe('PURIGET_PENALTY_RED')
      // The penalty page tells the reason (the code: the page has its sentence); never the note.
      const told = (await self(cookie)).json().entity.account
      expect(told).toMatchObject({ purigetPenalty: 'RED', purigetPenaltyReason: 'OTHERS_PURI' })
      expect(JSON.stringify(told)).not.toContain('post on X')
      // The same again changes nothing, and is not audited again.
      const again = await support.call(adminApi.adminMemberPurigetPenaltySet, {
        params,
        body: { reason: 'OTHERS_PURI', note: 'IDs from a post on X' },
      })
      expect(again.statusCode).toBe(200)

      ctx().clock.advance(60_000)
      const cleared = await support.call(adminApi.adminMemberPurigetPenaltyClear, {
        params,
        body: { note: 'the member explained' },
      })
      expect(cleared.statusCode, cleared.body).toBe(200)
      expect(cleared.json().entity.penalties.puriget).toEqual({
        penalty: 'GREEN',
        yellowUntil: null,
        decision: null,
      })
      expect((await lookUp(sealId, cookie)).statusCode).toBe(200)
      expect((await self(cookie)).json().entity.account).toMatchObject({
        purigetPenalty: 'GREEN',
        purigetPenaltyReason: null,
      })
      const twice = await support.call(adminApi.adminMemberPurigetPenaltyClear, { params, body: {} })
      expect(twice.statusCode).toBe(409)
      expect(twice.json().error.code).toBe('PENALTY_NOT_SET')

      expect(await auditOf(ctx(), account.id)).toEqual([
        {
          id: expect.any(Number),
          at: TEST_NOW.toISOString(),
          actor: expect.objectContaining({ kind: 'operator', operatorId: support.operator.id }),
          action: 'penalty.set',
          target: { kind: 'account', id: account.id },
          reason: 'IDs from a post on X',
          before: { penalty: 'GREEN', reason: null },
          after: { penalty: 'RED', reason: 'OTHERS_PURI' },
          clientIp: expect.any(String),
        },
        expect.objectContaining({
          action: 'penalty.cleared',
          reason: 'the member explained',
          before: { penalty: 'RED', reason: 'OTHERS_PURI' },
          after: { penalty: 'GREEN', reason: null },
        }),
      ])
    })

    it('clears a YELLOW in force too, forgetting the counters, so lookups go on at once', async () => {
      const support = await consoleOperator(ctx(), 'support')
      const { account, cookie } = await createMember(ctx().db, ctx().clock)
      const { sealId } = await createSeal(ctx())
      for (let i = 0; i < 10; i++) await lookUp(`ZZZZZ${String(i).padStart(5, '0')}`, cookie)
      expect((await lookUp(sealId, cookie)).statusCode).toBe(429)
      const page = await support.call(adminApi.adminMember, { params: { accountId: account.id } })
      expect(page.json().entity.penalties.puriget.penalty).toBe('YELLOW')
      const cleared = await support.call(adminApi.adminMemberPurigetPenaltyClear, {
        params: { accountId: account.id },
        body: {},
      })
      expect(cleared.statusCode, cleared.body).toBe(200)
      expect((await lookUp(sealId, cookie)).statusCode).toBe(200)
    })

    it("the lookups' own RED is recorded as the rules' decision, SEAL_ID_GUESSING, in the audit log", async () => {
      const { account, cookie } = await createMember(ctx().db, ctx().clock)
      for (let hour = 0; hour < 3; hour++) {
        for (let i = 0; i < 10; i++) await lookUp(`ZZZZZ${String(hour * 10 + i).padStart(5, '0')}`, cookie)
        ctx().clock.advance(60 * 60 * 1000 + 1)
      }
      expect((await self(cookie)).json().entity.account).toMatchObject({
        purigetPenalty: 'RED',
        purigetPenaltyReason: 'SEAL_ID_GUESSING',
      })
      expect(await auditOf(ctx(), account.id)).toEqual([
        expect.objectContaining({
          action: 'penalty.set',
          actor: expect.objectContaining({ kind: 'system', job: 'puri-getting penalty rules' }),
          after: { penalty: 'RED', reason: 'SEAL_ID_GUESSING' },
        }),
      ])
    })
  })

  describe('the SNS penalty', () => {
    async function setSns(operator: Operator, accountId: string, penalty: string, reason: string) {
      const response = await operator.call(adminApi.adminMemberSnsPenaltySet, {
        params: { accountId },
        body: { penalty, reason, note: 'seen in the console' },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().entity
    }

    it('WARNING is told with its reason on account/self and restricts nothing', async () => {
      const support = await consoleOperator(ctx(), 'support')
      const { account, cookie } = await createMember(ctx().db, ctx().clock)
      await setSns(support, account.id, 'WARNING', 'INAPPROPRIATE_NICKNAME')
      expect((await self(cookie)).json().entity.account).toMatchObject({
        snsPenalty: 'WARNING',
        snsPenaltyReason: 'INAPPROPRIATE_NICKNAME',
      })
      const edit = await ctx().app.inject(injectOptions(api.profileUpdate, { body: PROFILE }, { cookie }))
      expect(edit.statusCode, edit.body).toBe(200)
    })

    it('ACCESSCONTROL refuses profile edits and ad reactions with SNS_RESTRICTED; cleared, they work again', async () => {
      const support = await consoleOperator(ctx(), 'support')
      const { account, cookie } = await createMember(ctx().db, ctx().clock)
      await createTopPageSpace(ctx().db)
      const ad = await createAd(ctx().db)
      const { token } = await fetchAdToken(ctx().app, cookie)
      const edit = () => ctx().app.inject(injectOptions(api.profileUpdate, { body: PROFILE }, { cookie }))
      const react = () =>
        ctx().app.inject(
          injectOptions(
            api.adReaction,
            { params: { id: ad.id }, body: { kind: 'CLICK' } },
            { cookie, authorization: `Bearer ${token}` },
          ),
        )

      const page = await setSns(support, account.id, 'ACCESSCONTROL', 'AD_REACTION_ABUSE')
      expect(page.penalties.sns).toMatchObject({
        penalty: 'ACCESSCONTROL',
        decision: { reason: 'AD_REACTION_ABUSE' },
      })
      for (const refused of [await edit(), await react()]) {
        expect(refused.statusCode, refused.body).toBe(403)
        expect(refused.json().error.code).toBe('SNS_RESTRICTED')
      }
      expect((await self(cookie)).json().entity.account.snsPenaltyReason).toBe('AD_REACTION_ABUSE')

      const cleared = await support.call(adminApi.adminMemberSnsPenaltyClear, {
        params: { accountId: account.id },
        body: {},
      })
      expect(cleared.json().entity.penalties.sns).toEqual({ penalty: null, decision: null })
      expect((await edit()).statusCode).toBe(200)
      expect((await react()).statusCode).toBe(200)
      const twice = await support.call(adminApi.adminMemberSnsPenaltyClear, {
        params: { accountId: account.id },
        body: {},
      })
      expect(twice.json().error.code).toBe('PENALTY_NOT_SET')
    })

    it('SUSPENSION signs the member out everywhere at once and refuses sign-in with the reason; cleared, they sign in again', async () => {
      const support = await consoleOperator(ctx(), 'support')
      const account = await createAccount(ctx().db, { mailAddress: 'rin@example.jp', passwordHash })
      const phone = await createSession(ctx().db, ctx().clock, { accountId: account.id })
      const tablet = await createSession(ctx().db, ctx().clock, { accountId: account.id })

      const page = await setSns(support, account.id, 'SUSPENSION', 'IMPERSONATION')
      expect(page.sessions).toEqual([])
      for (const { cookie } of [phone, tablet]) {
        expect((await self(cookie)).json().entity.membershipStatus).toBe('GUEST')
      }
      const refused = await login('rin@example.jp')
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error).toEqual({
        code: 'ACCOUNT_SUSPENDED',
        message: expect.any(String),
        penaltyReason: 'IMPERSONATION',
      })
      expect(JSON.stringify(refused.json())).not.toContain('seen in the console')

      // The sessions ending is the penalty's consequence, recorded in its transaction (before it, by id).
      const audit = await auditOf(ctx(), account.id)
      expect(audit.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['sessions.ended-by-operator', { sessions: 2 }, { sessions: 0 }],
        ['penalty.set', { penalty: null, reason: null }, { penalty: 'SUSPENSION', reason: 'IMPERSONATION' }],
      ])
      expect(audit.every((entry) => entry.reason === 'seen in the console')).toBe(true)

      await support.call(adminApi.adminMemberSnsPenaltyClear, {
        params: { accountId: account.id },
        body: {},
      })
      expect((await login('rin@example.jp')).statusCode).toBe(200)
    })
  })

  describe('signing a member out everywhere', () => {
    it('ends every session of the member at once, and the audit log has it with the note', async () => {
      const support = await consoleOperator(ctx(), 'support')
      const { account, cookie } = await createMember(ctx().db, ctx().clock)
      const other = await createSession(ctx().db, ctx().clock, { accountId: account.id })
      const bystander = await createMember(ctx().db, ctx().clock)
      const response = await support.call(adminApi.adminMemberSignOut, {
        params: { accountId: account.id },
        body: { note: 'lost phone' },
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().entity.sessions).toEqual([])
      for (const tried of [cookie, other.cookie]) {
        expect((await self(tried)).json().entity.membershipStatus).toBe('GUEST')
      }
      expect((await self(bystander.cookie)).json().entity.membershipStatus).toBe('MINI')
      expect(await auditOf(ctx(), account.id)).toEqual([
        expect.objectContaining({
          action: 'sessions.ended-by-operator',
          reason: 'lost phone',
          before: { sessions: 2 },
          after: { sessions: 0 },
        }),
      ])
    })
  })

  describe('deleting an account', () => {
    it("takes the account's id or mail address typed exactly as the confirmation, an admin's alone, and the audit log keeps who", async () => {
      const admin = await consoleOperator(ctx(), 'admin')
      const support = await consoleOperator(ctx(), 'support')
      const { account, cookie } = await createMember(ctx().db, ctx().clock, { mailAddress: 'Yui@example.jp' })
      const params = { accountId: account.id }
      const exists = async () =>
        (await ctx().db.select().from(accounts).where(eq(accounts.id, account.id))).length === 1

      const bySupport = await support.call(adminApi.adminMemberDelete, {
        params,
        body: { confirmation: account.id },
      })
      expect(bySupport.statusCode).toBe(403)
      expect(bySupport.json().error.code).toBe('FORBIDDEN')
      for (const confirmation of ['', 'yui@example', account.id.slice(0, 8), 'someone@example.jp']) {
        const wrong = await admin.call(adminApi.adminMemberDelete, { params, body: { confirmation } })
        expect(wrong.statusCode, confirmation).toBe(400)
        expect(wrong.json().error.code).toBe('DELETION_CONFIRMATION_MISMATCH')
      }
      expect(await exists()).toBe(true)

      const deleted = await admin.call(adminApi.adminMemberDelete, {
        params,
        body: { confirmation: ' yui@example.jp ', note: 'asked by mail, inquiry 123' },
      })
      expect(deleted.statusCode, deleted.body).toBe(200)
      expect(deleted.json().entity).toEqual({ accountId: account.id, deleted: true })
      expect(await exists()).toBe(false)
      expect((await self(cookie)).json().entity.membershipStatus).toBe('GUEST')
      expect(await auditOf(ctx(), account.id)).toEqual([
        expect.objectContaining({
          action: 'account.deleted',
          actor: expect.objectContaining({ kind: 'operator', operatorId: admin.operator.id }),
          reason: 'asked by mail, inquiry 123',
          before: expect.objectContaining({ mailAddress: 'Yui@example.jp' }),
          after: null,
        }),
      ])
      const gone = await admin.call(adminApi.adminMemberDelete, {
        params,
        body: { confirmation: account.id },
      })
      expect(gone.json().error.code).toBe('MEMBER_NOT_FOUND')
    })

    it('is refused with PREMIUM_ACTIVE while a subscription renews, as leaving is; once cancelled, it deletes', async () => {
      const admin = await consoleOperator(ctx(), 'admin')
      const account = await createAccount(ctx().db)
      const subscription = await createSubscription(ctx().db, {
        accountId: account.id,
        status: 'ACTIVE',
        paidUntil: new Date(TEST_NOW.getTime() + 10 * DAY),
      })
      const body = { confirmation: account.id }
      const refused = await admin.call(adminApi.adminMemberDelete, {
        params: { accountId: account.id },
        body,
      })
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error.code).toBe('PREMIUM_ACTIVE')
      // The member cancels: premium runs to the end of the paid period, and nothing renews.
      await ctx()
        .db.update(subscriptions)
        .set({ status: 'CANCELLED' })
        .where(eq(subscriptions.id, subscription.id))
      const deleted = await admin.call(adminApi.adminMemberDelete, {
        params: { accountId: account.id },
        body,
      })
      expect(deleted.statusCode, deleted.body).toBe(200)
      // The record of money taken stays, naming no account.
      const [kept] = await ctx().db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
      expect(kept?.accountId).toBeNull()
    })
  })

  describe('who may do what', () => {
    it('lets every operator read; support and admin set penalties and sign out; a viewer and an editor are refused with FORBIDDEN', async () => {
      const { account } = await createMember(ctx().db, ctx().clock)
      const params = { accountId: account.id }
      for (const role of ['viewer', 'support', 'editor', 'admin'] as const) {
        const operator = await consoleOperator(ctx(), role)
        expect((await operator.call(adminApi.adminMember, { params })).statusCode, role).toBe(200)
        const changes = [
          await operator.call(adminApi.adminMemberSnsPenaltySet, {
            params,
            body: { penalty: 'WARNING', reason: 'TERMS_VIOLATION' },
          }),
          await operator.call(adminApi.adminMemberSignOut, { params, body: {} }),
        ]
        for (const response of changes) {
          if (role === 'viewer' || role === 'editor') {
            expect(response.statusCode, role).toBe(403)
            expect(response.json().error.code).toBe('FORBIDDEN')
          } else expect(response.statusCode, `${role}: ${response.body}`).toBe(200)
        }
      }
    })
  })
})

const TEST_UUID = '00000000-0000-4000-8000-000000000000'

/** A whole profile, as the profile form sends it. */
const PROFILE = { nickname: 'はな', birthday: null, gender: null, prefectureName: null }
