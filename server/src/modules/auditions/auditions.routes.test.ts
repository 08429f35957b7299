import { addDays } from '@puribox/contract/time'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SANDBOX_SESSION_MINUTES } from '../../sandbox/verify/sandbox-verify'
import { createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { profiles } from '../profile/profile.schema'
import { seedDemoAuditions } from './auditions.demo'
import { createAuditionsRepository } from './auditions.repository'
import { auditionChecks } from './auditions.schema'

const LIST = '/sp/2/auditions/self'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const startUrl = (id: string) => `/sp/2/auditions/self/${encodeURIComponent(id)}/checks`
const checkUrl = (id: string) => `/sp/2/auditions/self/checks/${encodeURIComponent(id)}`
/** Ids the sandbox verifier knows. */
const TEEN = 'model-2027-spring'
const YOUNG = 'friends-campaign-2027'
const ADULT = 'adult-ad-2027'

describe('auditions and the identity check', () => {
  const ctx = useTestApp()

  async function seedAuditions() {
    const repo = createAuditionsRepository(ctx().db)
    // Listed as they close: the teenagers' first.
    const window = (days: number) => ({ opensAt: addDays(TEST_NOW, -10), closesAt: addDays(TEST_NOW, days) })
    const text = { organizer: 'PuriBox', description: 'テスト' }
    await repo.addAudition({ id: ADULT, title: '大人', minAge: 20, maxAge: 34, ...text, ...window(50) })
    await repo.addAudition({ id: TEEN, title: '10代', minAge: 13, maxAge: 19, ...text, ...window(30) })
    await repo.addAudition({ id: YOUNG, title: '若者', minAge: 16, maxAge: 29, ...text, ...window(40) })
    await repo.addAudition({
      id: 'closed-one',
      title: '終了',
      minAge: 0,
      maxAge: 120,
      ...text,
      opensAt: addDays(TEST_NOW, -60),
      closesAt: addDays(TEST_NOW, -1),
    })
  }

  /**
   * A member, with a birthday in the profile unless null. 2008-05-01 is 18 on TEST_NOW: an adult,
   * who applies without a guardian's consent (2009-05-01, 17, needs one: guardian-consents tests).
   */
  async function member(birthday: string | null = '2008-05-01') {
    const { account, cookie } = await createMember(ctx().db, ctx().clock)
    if (birthday) await ctx().db.insert(profiles).values({ accountId: account.id, birthday })
    return { account, cookie }
  }

  const get = (url: string, cookie?: string) =>
    ctx().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
  const start = (id: string, cookie: string) =>
    ctx().app.inject({ method: 'POST', url: startUrl(id), headers: { ...XHR, cookie } })
  /** The tester's pick on the sandbox's page, as the browser posts it; the answer redirects back. */
  const pick = (redirectUrl: string, outcome: string) =>
    ctx().app.inject({
      method: 'POST',
      url: new URL(redirectUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    })
  const storedChecks = () => ctx().db.select().from(auditionChecks)

  it('lists the open auditions with the age rule from the birthday and "now"', async () => {
    await seedAuditions()
    const teen = await member('2009-05-01')
    const list = await get(LIST, teen.cookie)
    expect(list.statusCode).toBe(200)
    const auditions = list.json().entity.auditions as Array<{
      id: string
      eligibility: string
      check: unknown
    }>
    expect(auditions.map((a) => [a.id, a.eligibility])).toEqual([
      [TEEN, 'ELIGIBLE'],
      [YOUNG, 'ELIGIBLE'],
      [ADULT, 'TOO_YOUNG'],
    ])
    expect(auditions.every((a) => a.check === null)).toBe(true)

    // The day a member turns 20 (Japan time; time travel moves "now" the same way).
    const nineteen = await member('2006-11-21')
    const eligibility = async () =>
      ((await get(LIST, nineteen.cookie)).json().entity.auditions as Array<{ eligibility: string }>).map(
        (a) => a.eligibility,
      )
    expect(await eligibility()).toEqual(['ELIGIBLE', 'ELIGIBLE', 'TOO_YOUNG'])
    ctx().clock.advance(24 * 3600_000)
    expect(await eligibility()).toEqual(['TOO_OLD', 'ELIGIBLE', 'ELIGIBLE'])
  })

  it('asks for the birthday first, and refuses an age outside the range, storing nothing', async () => {
    await seedAuditions()
    const nobody = await member(null)
    const list = (await get(LIST, nobody.cookie)).json().entity.auditions as Array<{ eligibility: string }>
    expect(list.map((a) => a.eligibility)).toEqual([
      'BIRTHDAY_REQUIRED',
      'BIRTHDAY_REQUIRED',
      'BIRTHDAY_REQUIRED',
    ])
    const noBirthday = await start(TEEN, nobody.cookie)
    expect(noBirthday.statusCode).toBe(409)
    expect(noBirthday.json().error.code).toBe('AUDITION_BIRTHDAY_REQUIRED')

    const teen = await member('2009-05-01')
    const tooYoung = await start(ADULT, teen.cookie)
    expect(tooYoung.statusCode).toBe(403)
    expect(tooYoung.json().error.code).toBe('AUDITION_AGE_MISMATCH')
    const closed = await start('closed-one', teen.cookie)
    expect(closed.json().error.code).toBe('AUDITION_CLOSED')
    expect((await start('no-such-one', teen.cookie)).json().error.code).toBe('NOT_FOUND')
    expect((await start('puri.jpg\u0000.php', teen.cookie)).json().error.code).toBe('NOT_FOUND')
    expect(await storedChecks()).toEqual([])
    expect(ctx().app.sandboxVerify!.apiCalls).toBe(0)
  })

  it('is for members only', async () => {
    await seedAuditions()
    expect((await get(LIST)).statusCode).toBe(401)
    const guestStart = await ctx().app.inject({ method: 'POST', url: startUrl(TEEN), headers: XHR })
    expect(guestStart.statusCode).toBe(401)
  })

  it('starts a check, sends the member to the verifier, and keeps its outcome once on the way back', async () => {
    await seedAuditions()
    const teen = await member()
    const started = await start(TEEN, teen.cookie)
    expect(started.statusCode).toBe(200)
    const { check, redirectUrl } = started.json().entity
    expect(check).toMatchObject({ auditionId: TEEN, state: 'PENDING', completedAt: null })
    expect(redirectUrl).toMatch(/\/_sandbox\/verify\/session\/vs_/)

    // A second tap gets the same check and page.
    const again = (await start(TEEN, teen.cookie)).json().entity
    expect(again).toEqual({ check, redirectUrl })
    expect(await storedChecks()).toHaveLength(1)

    // The browser coming back without an outcome at the verifier proves nothing.
    expect((await get(checkUrl(check.id), teen.cookie)).json().entity.state).toBe('PENDING')

    const back = await pick(redirectUrl, 'VERIFIED')
    expect(back.statusCode).toBe(303)
    expect(back.headers.location).toBe(`http://localhost:3000/sp/audition?check=${check.id}`)
    const result = await get(checkUrl(check.id), teen.cookie)
    expect(result.json().entity).toMatchObject({
      id: check.id,
      state: 'VERIFIED',
      completedAt: expect.any(String),
    })

    // Reloading the return address changes nothing and asks the verifier nothing more.
    const calls = ctx().app.sandboxVerify!.apiCalls
    expect((await get(checkUrl(check.id), teen.cookie)).json().entity).toEqual(result.json().entity)
    expect(ctx().app.sandboxVerify!.apiCalls).toBe(calls)

    const listed = (await get(LIST, teen.cookie)).json().entity.auditions[0]
    expect(listed.check).toMatchObject({ id: check.id, state: 'VERIFIED' })
    const twice = await start(TEEN, teen.cookie)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error.code).toBe('AUDITION_ALREADY_VERIFIED')
  })

  it("never shows one member another's check, nor lets a forged id through", async () => {
    await seedAuditions()
    const owner = await member()
    const other = await member()
    const { check, redirectUrl } = (await start(TEEN, owner.cookie)).json().entity
    await pick(redirectUrl, 'VERIFIED')
    const stolen = await get(checkUrl(check.id), other.cookie)
    expect(stolen.statusCode).toBe(404)
    expect(stolen.json().error.code).toBe('NOT_FOUND')
    expect((await get(checkUrl('not-a-uuid'), owner.cookie)).json().error.code).toBe('NOT_FOUND')
    // The other member's own check is untouched by the owner's outcome.
    const theirs = (await start(TEEN, other.cookie)).json().entity.check
    expect((await get(checkUrl(theirs.id), other.cookie)).json().entity.state).toBe('PENDING')
  })

  it('keeps a rejected, abandoned or expired check, and lets the member try again', async () => {
    await seedAuditions()
    const teen = await member()
    for (const outcome of ['REJECTED', 'ABANDONED'] as const) {
      const { check, redirectUrl } = (await start(YOUNG, teen.cookie)).json().entity
      await pick(redirectUrl, outcome)
      expect((await get(checkUrl(check.id), teen.cookie)).json().entity.state).toBe(outcome)
    }
    const { check } = (await start(YOUNG, teen.cookie)).json().entity
    ctx().clock.advance(SANDBOX_SESSION_MINUTES * 60_000 + 1000)
    expect((await get(checkUrl(check.id), teen.cookie)).json().entity.state).toBe('EXPIRED')
    // A new start after the expiry is a new check.
    const next = (await start(YOUNG, teen.cookie)).json().entity.check
    expect(next.id).not.toBe(check.id)
    const states = (await storedChecks()).map((row) => row.state).sort()
    expect(states).toEqual(['ABANDONED', 'EXPIRED', 'PENDING', 'REJECTED'])
  })

  it('says the verifier is down and stores nothing wrong', async () => {
    await seedAuditions()
    const teen = await member()
    ctx().app.sandboxVerify!.setFailing(true)
    const down = await start(TEEN, teen.cookie)
    expect(down.statusCode).toBe(503)
    expect(down.json().error.code).toBe('IDENTITY_VERIFIER_UNAVAILABLE')
    expect(await storedChecks()).toEqual([])

    ctx().app.sandboxVerify!.setFailing(false)
    const { check, redirectUrl } = (await start(TEEN, teen.cookie)).json().entity
    await pick(redirectUrl, 'VERIFIED')
    ctx().app.sandboxVerify!.setFailing(true)
    const unread = await get(checkUrl(check.id), teen.cookie)
    expect(unread.statusCode).toBe(503)
    expect(unread.json().error.code).toBe('IDENTITY_VERIFIER_UNAVAILABLE')
    const [row] = await ctx().db.select().from(auditionChecks).where(eq(auditionChecks.id, check.id))
    expect(row!.state).toBe('PENDING')
    ctx().app.sandboxVerify!.setFailing(false)
    expect((await get(checkUrl(check.id), teen.cookie)).json().entity.state).toBe('VERIFIED')
  })

  it('follows the verifier when it closes an audition', async () => {
    await seedAuditions()
    const teen = await member()
    ctx().app.sandboxVerify!.setClosed(TEEN, true)
    const closed = await start(TEEN, teen.cookie)
    expect(closed.statusCode).toBe(410)
    expect(closed.json().error.code).toBe('AUDITION_CLOSED')
    expect(await storedChecks()).toEqual([])
  })

  it('seeds three demo auditions the sandbox verifier knows, once, and a check of one goes through', async () => {
    const repo = createAuditionsRepository(ctx().db)
    await seedDemoAuditions(repo, TEST_NOW)
    await seedDemoAuditions(repo, TEST_NOW)
    const teen = await member()
    const listed = (await get(LIST, teen.cookie)).json().entity.auditions as Array<{
      id: string
      eligibility: string
      closesAt: string
    }>
    expect(listed.map((a) => [a.id, a.eligibility])).toEqual([
      ['adult-ad-2027', 'TOO_YOUNG'],
      ['friends-campaign-2027', 'ELIGIBLE'],
      ['model-2027-spring', 'ELIGIBLE'],
    ])
    expect(listed[0]!.closesAt).toMatch(/T23:59:59$/)
    const started = await start('model-2027-spring', teen.cookie)
    expect(started.statusCode).toBe(200)
  })
})
