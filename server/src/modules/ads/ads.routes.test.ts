import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createAd, createAdSpace, createTopPageSpace, fetchAdToken, setBirthday } from '../../test/ads'
import { accountDeletedEvent } from '../../test/events'
import { createMember, createSession } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { createAdsRepository } from './ads.repository'
import { adReactionCounts, adReactions } from './ads.schema'

const LIST = '/sp/advertisements/self'
const XHR = { 'x-requested-with': 'XMLHttpRequest' }

describe('ads', () => {
  const ctx = useTestApp({ timeTravel: true })

  function list(spaceId: string, options: { token?: string | null; cookie?: string; url?: string } = {}) {
    const headers: Record<string, string> = {}
    if (options.token) headers.authorization = `Bearer ${options.token}`
    if (options.cookie) headers.cookie = options.cookie
    return ctx().app.inject({ url: options.url ?? `${LIST}?spaceId=${encodeURIComponent(spaceId)}`, headers })
  }

  async function seen(spaceId: string, viewer: { token: string; cookie?: string }) {
    const response = await list(spaceId, viewer)
    expect(response.statusCode, response.body).toBe(200)
    return (response.json().entity.advertisements as Array<{ name: string }>).map((ad) => ad.name)
  }

  function react(
    id: string | number,
    kind: unknown,
    viewer: { token?: string; cookie?: string },
    headers = XHR,
  ) {
    return ctx().app.inject({
      method: 'POST',
      url: `/sp/advertisements/${id}/reactions`,
      headers: {
        ...headers,
        ...(viewer.token ? { authorization: `Bearer ${viewer.token}` } : {}),
        ...(viewer.cookie ? { cookie: viewer.cookie } : {}),
      },
      payload: { kind },
    })
  }

  async function guest() {
    return { token: (await fetchAdToken(ctx().app)).token }
  }

  async function member(overrides: Parameters<typeof createMember>[2] = {}, birthday: string | null = null) {
    const made = await createMember(ctx().db, ctx().clock, overrides)
    if (birthday) await setBirthday(ctx().db, made.account.id, birthday)
    const { token } = await fetchAdToken(ctx().app, made.cookie)
    return { ...made, token }
  }

  describe('the static data', () => {
    it('names the top page space, is the same for everyone, and may be cached', async () => {
      const before = await ctx().app.inject({ url: '/static/data.json?t=1763600000000' })
      expect(before.json()).toEqual({
        entity: { advertisement: { topPage: null } },
        error: null,
        clock: null,
      })
      await createTopPageSpace(ctx().db)
      const response = await ctx().app.inject({ url: '/static/data.json' })
      expect(response.statusCode).toBe(200)
      expect(response.json().entity).toEqual({ advertisement: { topPage: 'sp-top' } })
      expect(response.headers['cache-control']).toBe('public, max-age=300')
    })

    it('refuses an odd timestamp as VALIDATION_FAILED', async () => {
      for (const t of ['abc', '1'.repeat(21), '-1', '1.5', '%00', '<script>']) {
        const response = await ctx().app.inject({ url: `/static/data.json?t=${encodeURIComponent(t)}` })
        expect(response.statusCode, t).toBe(400)
        expect(response.json().error.code).toBe('VALIDATION_FAILED')
      }
    })

    it('is kept by no shared cache while the caller time travels (it carries their clock)', async () => {
      const { cookie } = await createSession(ctx().db, ctx().clock, {
        timeTravelTo: new Date('2026-12-24T09:00:00Z'),
      })
      const response = await ctx().app.inject({ url: '/static/data.json', headers: { cookie } })
      expect(response.json().clock).toEqual({ date: '2026-12-24T18:00:00' })
      expect(response.headers['cache-control']).toBe('private, no-store')
    })
  })

  describe('the ad token', () => {
    it("gives a guest a viewer token in a readable cookie, and keeps the cookie's one while it is valid", async () => {
      const first = await fetchAdToken(ctx().app)
      expect(first.token).toMatch(/^g1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
      expect(first.setCookie).toContain(`pbx_ads=${first.token}`)
      expect(first.setCookie).not.toMatch(/HttpOnly/i)
      expect(first.setCookie).toMatch(/SameSite=Lax/i)
      const again = await fetchAdToken(ctx().app, `pbx_ads=${first.token}`)
      expect(again.token).toBe(first.token)
      const forged = `${first.token.slice(0, -2)}AA`
      expect((await fetchAdToken(ctx().app, `pbx_ads=${forged}`)).token).not.toBe(first.token)
      expect((await fetchAdToken(ctx().app)).token).not.toBe(first.token)
    })

    it("derives a member's token from the session: the same in the session, another in another session", async () => {
      const hana = await createMember(ctx().db, ctx().clock)
      const first = await fetchAdToken(ctx().app, hana.cookie)
      expect(first.token).toMatch(/^s1\.[A-Za-z0-9_-]{43}$/)
      expect((await fetchAdToken(ctx().app, hana.cookie)).token).toBe(first.token)
      const otherSession = await createSession(ctx().db, ctx().clock, { account: hana.account })
      expect((await fetchAdToken(ctx().app, otherSession.cookie)).token).not.toBe(first.token)
      // Nothing of the session is in it.
      expect(first.token).not.toContain(hana.id)
      expect(first.token).not.toContain(hana.session.idHash)
    })
  })

  describe('listing', () => {
    it('needs the caller’s own token: none, another scheme, another session’s or a forged one is AD_TOKEN_INVALID', async () => {
      await createTopPageSpace(ctx().db)
      await createAd(ctx().db)
      const hana = await member()
      const mei = await member()
      const visitor = await guest()
      const refused: Array<[string, { token?: string | null; cookie?: string }]> = [
        ['no token', { cookie: hana.cookie }],
        ['a guest token for a member', { token: visitor.token, cookie: hana.cookie }],
        ["another member's token", { token: mei.token, cookie: hana.cookie }],
        ["a member's token without the session", { token: hana.token }],
        ['a forged guest token', { token: visitor.token.replace(/\.[^.]+$/, '.AAAA') }],
        ['a made-up viewer', { token: `g1.${'A'.repeat(22)}.${'B'.repeat(43)}` }],
        ['garbage', { token: 'not-a-token' }],
        ['too long', { token: `s1.${'A'.repeat(400)}` }],
      ]
      for (const [why, viewer] of refused) {
        const response = await list('sp-top', viewer)
        expect(response.statusCode, why).toBe(401)
        expect(response.json(), why).toMatchObject({ entity: null, error: { code: 'AD_TOKEN_INVALID' } })
      }
      for (const authorization of [`Basic ${visitor.token}`, 'Bearer', `Bearer ${visitor.token} extra`]) {
        const response = await ctx().app.inject({ url: `${LIST}?spaceId=sp-top`, headers: { authorization } })
        expect(response.json().error.code, authorization).toBe('AD_TOKEN_INVALID')
      }
      // After signing out, the member's token is no longer anyone's.
      await ctx().app.inject({
        method: 'POST',
        url: '/sp/2/account/logout',
        headers: { ...XHR, cookie: hana.cookie },
      })
      expect((await list('sp-top', hana)).json().error.code).toBe('AD_TOKEN_INVALID')
    })

    it('shows each membership its ads, by age too, running now, highest priority first', async () => {
      await createTopPageSpace(ctx().db)
      await createAd(ctx().db, { name: 'everyone', priority: 1 })
      await createAd(ctx().db, { name: 'guests', forMini: false, forPremium: false, priority: 2 })
      await createAd(ctx().db, { name: 'free members', forGuests: false, forPremium: false, priority: 3 })
      await createAd(ctx().db, { name: 'premium', forGuests: false, forMini: false, priority: 4 })
      await createAd(ctx().db, { name: '25 or over', ageTarget: 'OVER_25', priority: 5 })
      await createAd(ctx().db, { name: 'under 25', ageTarget: 'UNDER_25', priority: 0 })
      await createAd(ctx().db, { name: 'ended', endsAt: new Date('2026-11-20T02:59:59Z') })
      await createAd(ctx().db, { name: 'not yet', startsAt: new Date('2026-11-20T03:00:01Z') })
      await createAd(ctx().db, { name: 'ends later', endsAt: new Date('2026-11-20T03:00:01Z') })
      await createAdSpace(ctx().db, 'sp-other')
      await createAd(ctx().db, { name: 'another space', spaceId: 'sp-other', priority: 99 })

      // Of equal priority and start, the older ad first.
      expect(await seen('sp-top', await guest())).toEqual(['guests', 'everyone', 'under 25', 'ends later'])
      expect(await seen('sp-top', await member())).toEqual([
        'free members',
        'everyone',
        'under 25',
        'ends later',
      ])
      expect(await seen('sp-top', await member({ membershipStatus: 'PREMIUM' }, '1990-04-01'))).toEqual([
        '25 or over',
        'premium',
        'everyone',
        'ends later',
      ])
      // 24 on TEST_NOW (2026-11-20): not yet 25.
      expect(await seen('sp-top', await member({}, '2001-11-21'))).toEqual([
        'free members',
        'everyone',
        'under 25',
        'ends later',
      ])
      expect(await seen('sp-other', await guest())).toEqual(['another space'])
    })

    it('answers the spec’s fields of an ad, and keeps no copy in caches', async () => {
      await createTopPageSpace(ctx().db)
      const ad = await createAd(ctx().db, {
        conversionId: 'cv-lip-2026',
        name: 'lip',
        title: 'Winter lip',
        text: 'New colours',
        linkUrl: 'https://www.example.com/lip',
        linkType: 'EXTERNAL',
        mediaUrl: 'data:image/png;base64,iVBORw0KGgo=',
      })
      const response = await list('sp-top', await guest())
      expect(response.headers['cache-control']).toBe('private, no-store')
      expect(response.json()).toEqual({
        entity: {
          advertisements: [
            {
              id: ad.id,
              conversionId: 'cv-lip-2026',
              name: 'lip',
              linkUrl: 'https://www.example.com/lip',
              linkType: 'EXTERNAL',
              title: 'Winter lip',
              text: 'New colours',
              mediaUrl: 'data:image/png;base64,iVBORw0KGgo=',
              mediaType: 'IMAGE',
            },
          ],
        },
        error: null,
        clock: null,
      })
    })

    it('turns 25 on the birthday in Japan, with time travel: the same token, other ads', async () => {
      await createTopPageSpace(ctx().db)
      await createAd(ctx().db, { name: '25 or over', ageTarget: 'OVER_25' })
      await createAd(ctx().db, { name: 'until 12-01', endsAt: new Date('2026-11-30T15:00:00Z') })
      const { account } = await createMember(ctx().db, ctx().clock)
      await setBirthday(ctx().db, account.id, '2001-12-01')
      const travel = async (timeTravelTo: Date) => {
        const { cookie } = await createSession(ctx().db, ctx().clock, { account, timeTravelTo })
        return { cookie, token: (await fetchAdToken(ctx().app, cookie)).token }
      }
      // 2026-11-30 23:59:59 in Japan: still 24, and the other ad runs until midnight.
      expect(await seen('sp-top', await travel(new Date('2026-11-30T14:59:59Z')))).toEqual(['until 12-01'])
      // 2026-12-01 00:00 in Japan: 25, and the other ad has ended.
      expect(await seen('sp-top', await travel(new Date('2026-11-30T15:00:00Z')))).toEqual(['25 or over'])

      // The same session travelling: its token stays, what it sees follows its "now".
      const { cookie } = await createSession(ctx().db, ctx().clock, { account })
      const { token } = await fetchAdToken(ctx().app, cookie)
      expect(await seen('sp-top', { cookie, token })).toEqual(['until 12-01'])
      const set = await ctx().app.inject({
        method: 'PUT',
        url: '/sp/2/debug/time_travel',
        headers: { ...XHR, cookie },
        payload: { date: '2026-12-01T00:00:00' },
      })
      expect(set.statusCode, set.body).toBe(200)
      expect(await seen('sp-top', { cookie, token })).toEqual(['25 or over'])
    })

    it('keeps a space’s ads for an audience ten seconds, except for a caller who time travels', async () => {
      await createTopPageSpace(ctx().db)
      await createAd(ctx().db, { name: 'first' })
      const visitor = await guest()
      expect(await seen('sp-top', visitor)).toEqual(['first'])
      await createAd(ctx().db, { name: 'second', priority: 1 })
      expect(await seen('sp-top', await guest())).toEqual(['first'])
      // Another audience is another list.
      expect(await seen('sp-top', await member())).toEqual(['second', 'first'])
      const { cookie } = await createSession(ctx().db, ctx().clock, { timeTravelTo: TEST_NOW })
      const traveller = { cookie, token: (await fetchAdToken(ctx().app, cookie)).token }
      expect(await seen('sp-top', traveller)).toEqual(['second', 'first'])
      ctx().clock.advance(10_000)
      expect(await seen('sp-top', visitor)).toEqual(['second', 'first'])
    })

    it('an unknown space has no ads; a malformed or huge space id is VALIDATION_FAILED', async () => {
      await createTopPageSpace(ctx().db)
      await createAd(ctx().db)
      const visitor = await guest()
      expect(await seen('nowhere', visitor)).toEqual([])
      for (const spaceId of [
        '',
        ' ',
        'a b',
        'sp-top;drop',
        '<script>',
        'ｓｐ',
        'x'.repeat(65),
        'x'.repeat(100_00),
      ]) {
        const response = await list(spaceId, visitor)
        expect(response.statusCode, spaceId.slice(0, 20)).toBe(400)
        expect(response.json().error.code).toBe('VALIDATION_FAILED')
      }
      for (const url of [LIST, `${LIST}?spaceId=sp-top&spaceId=sp-other`, `${LIST}?spaceId[]=sp-top`]) {
        const response = await list('', { ...visitor, url })
        expect(response.statusCode, url).toBe(400)
      }
    })
  })

  describe('reactions', () => {
    async function counts(adId: number) {
      return createAdsRepository(ctx().db).countsOf(adId)
    }

    it('counts an impression and a tap once per viewer, ad and day', async () => {
      await createTopPageSpace(ctx().db)
      const ad = await createAd(ctx().db)
      const hana = await member()
      const visitor = await guest()
      const other = await guest()
      const answers = []
      for (const [viewer, kind] of [
        [hana, 'IMPRESSION'],
        [hana, 'IMPRESSION'],
        [hana, 'CLICK'],
        [visitor, 'IMPRESSION'],
        [visitor, 'IMPRESSION'],
        [other, 'IMPRESSION'],
      ] as const) {
        const response = await react(ad.id, kind, viewer)
        expect(response.statusCode, response.body).toBe(200)
        answers.push(response.json().entity.counted)
      }
      expect(answers).toEqual([true, false, true, true, false, true])
      // The same member in another session is the same viewer.
      const again = await createSession(ctx().db, ctx().clock, { account: hana.account })
      const token = (await fetchAdToken(ctx().app, again.cookie)).token
      expect((await react(ad.id, 'IMPRESSION', { cookie: again.cookie, token })).json().entity.counted).toBe(
        false,
      )

      // The next day in Japan (15:00 UTC is midnight there), every viewer counts again.
      ctx().clock.set(new Date('2026-11-20T15:00:00Z'))
      expect((await react(ad.id, 'IMPRESSION', hana)).json().entity.counted).toBe(true)
      expect(await counts(ad.id)).toEqual([
        { day: '2026-11-20', kind: 'CLICK', count: 1 },
        { day: '2026-11-20', kind: 'IMPRESSION', count: 3 },
        { day: '2026-11-21', kind: 'IMPRESSION', count: 1 },
      ])
    })

    it('is refused under the SNS penalty that blocks it, and counts nothing', async () => {
      await createTopPageSpace(ctx().db)
      const ad = await createAd(ctx().db)
      const restricted = await member({ snsPenalty: 'ACCESSCONTROL' })
      const suspended = await member({ snsPenalty: 'SUSPENSION' })
      const warned = await member({ snsPenalty: 'WARNING' })
      for (const kind of ['IMPRESSION', 'CLICK']) {
        const refused = await react(ad.id, kind, restricted)
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({ entity: null, error: { code: 'SNS_RESTRICTED' } })
        const out = await react(ad.id, kind, suspended)
        expect(out.statusCode).toBe(403)
        expect(out.json().error.code).toBe('ACCOUNT_SUSPENDED')
      }
      expect((await react(ad.id, 'IMPRESSION', warned)).json().entity.counted).toBe(true)
      expect(await counts(ad.id)).toEqual([{ day: '2026-11-20', kind: 'IMPRESSION', count: 1 }])
      // Seeing ads is never refused.
      expect(await seen('sp-top', restricted)).toHaveLength(1)
    })

    it('an unknown ad, or one not running or not meant for the caller, is NOT_FOUND', async () => {
      await createTopPageSpace(ctx().db)
      const premiumOnly = await createAd(ctx().db, { forGuests: false, forMini: false })
      const ended = await createAd(ctx().db, { endsAt: new Date('2026-11-01T00:00:00Z') })
      const over25 = await createAd(ctx().db, { ageTarget: 'OVER_25' })
      const hana = await member()
      for (const id of [
        premiumOnly.id,
        ended.id,
        over25.id,
        999,
        '0',
        '-1',
        '01',
        '1e3',
        'abc',
        '2147483648',
        '99999999999999999999',
        '%F0%9F%98%80',
        '1%20',
      ]) {
        const response = await react(id, 'IMPRESSION', hana)
        expect(response.statusCode, String(id)).toBe(404)
        expect(response.json().error.code).toBe('NOT_FOUND')
      }
      expect(await ctx().db.select().from(adReactions)).toEqual([])
    })

    it('refuses a bad body as VALIDATION_FAILED, a missing CSRF header, and no token, and counts nothing', async () => {
      await createTopPageSpace(ctx().db)
      const ad = await createAd(ctx().db)
      const visitor = await guest()
      for (const kind of ['VIEW', '', null, 1, ['IMPRESSION'], 'impression']) {
        const response = await react(ad.id, kind, visitor)
        expect(response.statusCode, JSON.stringify(kind)).toBe(400)
        expect(response.json().error.code).toBe('VALIDATION_FAILED')
      }
      expect((await react(ad.id, 'CLICK', visitor, {} as typeof XHR)).json().error.code).toBe('CSRF_REJECTED')
      expect((await react(ad.id, 'CLICK', {})).json().error.code).toBe('AD_TOKEN_INVALID')
      expect(await ctx().db.select().from(adReactions)).toEqual([])
    })

    it('an account deleted takes who it was off the reactions; the counts stay', async () => {
      await createTopPageSpace(ctx().db)
      const ad = await createAd(ctx().db)
      const hana = await member()
      await react(ad.id, 'IMPRESSION', hana)
      const repo = createAdsRepository(ctx().db)
      await repo.accountDeleted(ctx().db, accountDeletedEvent(hana.account.id, TEST_NOW))
      expect(await ctx().db.select().from(adReactions)).toEqual([])
      expect(await counts(ad.id)).toEqual([{ day: '2026-11-20', kind: 'IMPRESSION', count: 1 }])
      await ctx().db.delete(accounts).where(eq(accounts.id, hana.account.id))
      expect(await ctx().db.select().from(adReactionCounts)).toHaveLength(1)
    })

    it('housekeeping drops who reacted before yesterday (Japan days), keeping the counts', async () => {
      await createTopPageSpace(ctx().db)
      const ad = await createAd(ctx().db)
      const visitor = await guest()
      for (const at of ['2026-11-17T03:00:00Z', '2026-11-19T03:00:00Z', '2026-11-20T03:00:00Z']) {
        ctx().clock.set(new Date(at))
        await react(ad.id, 'IMPRESSION', visitor)
      }
      const job = ctx().app.housekeeping.find((j) => j.name === 'ads.reactions')!
      await job.run()
      const left = await ctx().db.select({ day: adReactions.day }).from(adReactions).orderBy(adReactions.day)
      expect(left.map((row) => row.day)).toEqual(['2026-11-19', '2026-11-20'])
      expect(await counts(ad.id)).toHaveLength(3)
    })
  })
})
