import { describe, expect, it, vi } from 'vitest'
import { publishPolicies, publishPolicy } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { accounts } from '../accounts/accounts.schema'
import { DEMO_MACHINE_ID } from '../booth/booth.demo'
import { machines } from '../booth/booth.schema'
import { subscriptions } from '../payments/payments.schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.demo'

describe("demo data (each module's, by app.seedDemo)", () => {
  const ctx = useTestApp()

  function signIn(mailAddress: string) {
    return ctx().app.inject({
      method: 'POST',
      url: '/sp//ajax/login/',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { mailAddress, password: DEMO_PASSWORD },
    })
  }

  it('creates the demo accounts once; each signs in with the demo password; the premium one pays by card', async () => {
    await ctx().app.seedDemo()
    // The next start: nothing more is made, and the premium account, already premium, buys nothing.
    // Nobody is even signed in (each sign-in counts against the address's limit, 127.0.0.1 here).
    const inject = vi.spyOn(ctx().app, 'inject')
    await ctx().app.seedDemo()
    expect(inject).not.toHaveBeenCalled()
    inject.mockRestore()
    expect(await ctx().db.select().from(accounts)).toHaveLength(DEMO_ACCOUNTS.length)
    // One demo booth (a milky-girl), beside the demo shops' machines (booth.demo, decision 0042).
    const machineRows = await ctx().db.select().from(machines)
    expect(machineRows.filter((machine) => !machine.id.startsWith('demo-shop-'))).toEqual([
      expect.objectContaining({ id: DEMO_MACHINE_ID, modelId: 'milky-girl' }),
    ])
    const paid = await ctx().db.select().from(subscriptions)
    expect(paid).toEqual([expect.objectContaining({ kind: 'CREDIT', status: 'ACTIVE', lastSequence: 1 })])

    // The junior-high one until 1 April after a second-year pupil's third school year.
    const jhs = (await ctx().db.select().from(accounts)).find(
      (row) => row.mailAddress === 'jhs@demo.puribox.jp',
    )
    expect(jhs?.schoolPremiumUntil).toEqual(new Date('2028-03-31T15:00:00Z'))

    for (const demo of DEMO_ACCOUNTS) {
      const response = await signIn(demo.mailAddress)
      expect(response.statusCode, demo.mailAddress).toBe(200)
      expect(response.json().entity).toMatchObject({
        membershipStatus: demo.membershipStatus,
        account: { mailAddress: demo.mailAddress, official: demo.official },
      })
    }
  })

  it('the demo accounts have agreed to the policies in force; a later version asks them again', async () => {
    await publishPolicies(ctx().db, '2026-04-01')
    await ctx().app.seedDemo()

    const cookies: string[] = []
    for (const demo of DEMO_ACCOUNTS) {
      const cookie = (await signIn(demo.mailAddress)).cookies.find((c) => c.name === 'pbx_session')!
      cookies.push(`pbx_session=${cookie.value}`)
    }
    const agreed = async (cookie: string) => {
      const response = await ctx().app.inject({
        url: '/sp/2/users/self/privacy_policy_statuses/latest',
        headers: { cookie },
      })
      return response.json().entity.policies.map((p: { kind: string; agreed: boolean }) => p.agreed)
    }
    for (const cookie of cookies) expect(await agreed(cookie)).toEqual([true, true])
    expect(cookies).toHaveLength(4)

    await publishPolicy(ctx().db, 'furyu', '2026-12-01', TEST_NOW)
    await ctx().app.seedDemo()
    for (const cookie of cookies) expect(await agreed(cookie)).toEqual([false, true])
  })

  it('the demo members have saved plays of the demo booth: every picture for premium, one for the free member', async () => {
    await ctx().app.seedDemo()
    await ctx().app.seedDemo()

    const plays = async (mailAddress: string) => {
      const login = await signIn(mailAddress)
      const cookie = login.cookies.find((c) => c.name === 'pbx_session')!
      const response = await ctx().app.inject({
        url: '/sp/2/mypage/plays',
        headers: { cookie: `pbx_session=${cookie.value}` },
      })
      expect(response.statusCode).toBe(200)
      return { cookie: `pbx_session=${cookie.value}`, items: response.json().entity.items as SavedPlay[] }
    }
    type SavedPlay = {
      shotAt: string
      images: { puriNumber: number; rawPuri: boolean; thumbnailUrl: string }[]
      unsavedCount: number
    }
    const shape = (items: SavedPlay[]) => items.map((play) => [play.images.length, play.unsavedCount])

    // Newest first; a later start gave nobody more.
    const premium = await plays('premium@demo.puribox.jp')
    expect(shape(premium.items)).toEqual([
      [6, 0],
      [5, 0],
      [4, 0],
    ])
    expect(premium.items[0]!.images.filter((image) => image.rawPuri)).toHaveLength(2)
    const shotAt = premium.items.map((play) => new Date(play.shotAt).getTime())
    expect(shotAt).toEqual([...shotAt].sort((a, b) => b - a))
    expect(shotAt.every((at) => at < TEST_NOW.getTime())).toBe(true)
    // A real picture of the play, as my page shows it.
    const thumbnail = await ctx().app.inject({
      url: premium.items[0]!.images[0]!.thumbnailUrl,
      headers: { cookie: premium.cookie },
    })
    expect(thumbnail.statusCode).toBe(200)
    expect(thumbnail.headers['content-type']).toBe('image/jpeg')
    expect(shape((await plays('jhs@demo.puribox.jp')).items)).toEqual([
      [6, 0],
      [4, 0],
    ])
    expect(shape((await plays('mini@demo.puribox.jp')).items)).toEqual([[1, 5]])
    expect((await plays('official@demo.puribox.jp')).items).toEqual([])
  })

  it('the demo members have a nickname and a picture', async () => {
    await ctx().app.seedDemo()
    const summaries: unknown[] = []
    for (const demo of DEMO_ACCOUNTS) {
      const cookie = (await signIn(demo.mailAddress)).cookies.find((c) => c.name === 'pbx_session')!
      const headers = { cookie: `pbx_session=${cookie.value}` }
      const summary = (await ctx().app.inject({ url: '/sp/profile/summary', headers })).json().entity
      summaries.push(summary.nickname)
      const picture = await ctx().app.inject({ url: summary.profileImageUrl, headers })
      expect(picture.statusCode, demo.mailAddress).toBe(200)
      expect(picture.headers['content-type']).toMatch(/^image\//)
    }
    expect(summaries).toEqual(['さき', 'ゆめか', 'PuriBox公式', 'ひなた'])
  })
})
