import { adminApi } from '@puribox/contract/admin-api'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { auditTrail, consoleOperator } from '../../test/console'
import { createMember, PREMIUM_FOR_EVER } from '../../test/factories'
import { TEST_NOW, type TestContext, useTestApp } from '../../test/harness'
import { createSeal } from '../../test/seals'
import type { OperatorRole } from '../actor'
import { machines, shops } from '../booth/booth.schema'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }
const MINUTE = 60_000

function save(ctx: TestContext, sealId: string, cookie: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/sp/2/seals/${sealId}/registrations`,
    headers: { ...XHR, cookie },
  })
}

/** What members are answered for a seal: a guest's and a member's lookup, a preview, and saving it. */
async function membersSee(ctx: TestContext, sealId: string, cookie: string) {
  const code = (response: { statusCode: number; json(): { error: { code: string } | null } }) =>
    response.statusCode === 200 ? 200 : response.json().error?.code
  const guest = await ctx.app.inject({ url: `/sp/2/seals/${sealId}` })
  const member = await ctx.app.inject({ url: `/sp/2/seals/${sealId}`, headers: { cookie } })
  const preview = await ctx.app.inject({ url: `/sp/puri/thum.jpg?sealId=${sealId}&number=1` })
  const saved = await save(ctx, sealId, cookie)
  return { guest: code(guest), member: code(member), preview: code(preview), save: code(saved) }
}

/** What an owner finds of their seal: the play on my page, a saved picture, the ZIP and the unsaved list. */
async function ownerFinds(ctx: TestContext, sealId: string, cookie: string) {
  const headers = { cookie }
  const answer = await ctx.app.inject({ url: '/sp/2/mypage/plays', headers })
  if (answer.statusCode !== 200) throw new Error(`my page: ${answer.body}`)
  const plays = answer.json().entity
  const play = plays.items.find((item: { sealId: string }) => item.sealId === sealId)
  const unsaved = (await ctx.app.inject({ url: '/sp/2/images/unsaved_only/list.json', headers })).json()
    .entity
  return {
    plays: plays.totalCount as number,
    play: play !== undefined,
    unsaved: unsaved.items.filter((item: { sealId: string }) => item.sealId === sealId).length as number,
    imageUrl: (play?.images[0]?.thumbnailUrl ?? null) as string | null,
    zip: (await ctx.app.inject({ url: `/sp/2/mypage/plays/${sealId}/zip`, headers })).statusCode,
  }
}

describe("the console's seals: /admin/api/seals", () => {
  const ctx = useTestApp()
  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  /** A seal of three pictures, saved by a free member (picture 1) and then a premium one (all). */
  async function savedSeal() {
    const { sealId, machineId } = await createSeal(ctx())
    const mini = await createMember(ctx().db, ctx().clock)
    expect((await save(ctx(), sealId, mini.cookie)).statusCode).toBe(200)
    ctx().clock.advance(5 * MINUTE)
    const premium = await createMember(ctx().db, ctx().clock, { premiumUntil: PREMIUM_FOR_EVER })
    expect((await save(ctx(), sealId, premium.cookie)).statusCode).toBe(200)
    return { sealId, machineId, mini, premium }
  }

  it('shows a seal by its ID as people type it: machine and shop, time, pictures, who saved which and when', async () => {
    const { sealId, machineId, mini, premium } = await savedSeal()
    const [shop] = await ctx()
      .db.select({ id: shops.id, name: shops.name })
      .from(machines)
      .innerJoin(shops, eq(shops.id, machines.shopId))
      .where(eq(machines.id, machineId))
    const support = await signedIn('support')

    const typed = `${sealId.slice(0, 5).toLowerCase()}-${sealId.slice(5)}`
    const response = await support.call(adminApi.adminSeal, { params: { sealId: typed } })
    expect(response.statusCode, response.body).toBe(200)
    const seal = response.json().entity
    expect(seal).toEqual({
      sealId,
      shotAt: new Date(TEST_NOW.getTime() - 60 * MINUTE).toISOString(),
      expiresAt: '2026-11-27T02:00:00.000Z',
      expired: false,
      machine: { id: machineId, name: 'テスト機', shopId: shop!.id, shopName: shop!.name },
      puris: [1, 2, 3].map((number) => ({
        number,
        isRawPuri: number === 3,
        rawPuriImageNumber: number === 3 ? 1 : null,
        isProofSample: false,
        thumbnailUrl: `/admin/api/seals/${sealId}/puris/${number}/thumb`,
        mediumUrl: `/admin/api/seals/${sealId}/puris/${number}/medium`,
      })),
      owners: [
        {
          accountId: mini.account.id,
          registeredAt: TEST_NOW.toISOString(),
          pictures: [{ number: 1, savedAt: TEST_NOW.toISOString() }],
        },
        {
          accountId: premium.account.id,
          registeredAt: new Date(TEST_NOW.getTime() + 5 * MINUTE).toISOString(),
          pictures: [1, 2, 3].map((number) => ({
            number,
            savedAt: new Date(TEST_NOW.getTime() + 5 * MINUTE).toISOString(),
          })),
        },
      ],
      hidden: null,
    })
    // Full-width, with the full-width hyphen a Japanese keyboard types: read as the members' API reads it.
    const fullWidth = [...sealId.slice(0, 5)]
      .map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
      .join('')
    const wide = await support.call(adminApi.adminSeal, {
      params: { sealId: `${fullWidth}－${sealId.slice(5)}` },
    })
    expect(wide.json().entity?.sealId, wide.body).toBe(sealId)
  })

  it('shows a viewer and an editor everything but the accounts, which read ***', async () => {
    const { sealId } = await savedSeal()
    for (const role of ['viewer', 'editor'] as const) {
      const operator = await signedIn(role)
      const seal = (await operator.call(adminApi.adminSeal, { params: { sealId } })).json().entity
      expect(
        seal.owners.map((owner: { accountId: string }) => owner.accountId),
        role,
      ).toEqual(['***', '***'])
      expect(seal.owners[1].pictures, role).toHaveLength(3)
      expect(seal.puris, role).toHaveLength(3)
    }
  })

  it('answers SEAL_ID_MALFORMED and SEAL_NOT_FOUND, and counts nothing towards a penalty', async () => {
    const viewer = await signedIn('viewer')
    const malformed = await viewer.call(adminApi.adminSeal, { params: { sealId: 'ABCDE-1234U' } })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe('SEAL_ID_MALFORMED')
    for (let i = 0; i < 12; i++) {
      const unknown = await viewer.call(adminApi.adminSeal, { params: { sealId: `ZZZZZ0000${i % 10}` } })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().error).toMatchObject({ code: 'SEAL_NOT_FOUND' })
      expect(unknown.json().error.penalty).toBeUndefined()
    }
  })

  it('sends a picture without the watermark to support and admins only, never kept by a cache; NOT_FOUND for a number it lacks', async () => {
    const { sealId } = await createSeal(ctx())
    for (const role of ['viewer', 'editor'] as const) {
      const refused = await (await signedIn(role)).call(adminApi.adminSealPicture, {
        params: { sealId, number: 2, size: 'thumb' },
      })
      expect([refused.statusCode, refused.json().error.code], role).toEqual([403, 'FORBIDDEN'])
    }
    const support = await signedIn('support')
    const thumb = await support.call(adminApi.adminSealPicture, {
      params: { sealId, number: 2, size: 'thumb' },
    })
    expect(thumb.statusCode, thumb.body).toBe(200)
    expect(thumb.headers['content-type']).toBe('image/jpeg')
    expect(thumb.headers['cache-control']).toBe('private, no-store')
    expect(thumb.headers['x-content-type-options']).toBe('nosniff')
    const medium = await support.call(adminApi.adminSealPicture, {
      params: { sealId, number: 2, size: 'medium' },
    })
    expect(medium.statusCode).toBe(200)
    for (const picture of [thumb, medium])
      expect((await sharp(picture.rawPayload).metadata()).format).toBe('jpeg')

    const missing = await support.call(adminApi.adminSealPicture, {
      params: { sealId, number: 9, size: 'thumb' },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('NOT_FOUND')
    const unknown = await support.call(adminApi.adminSealPicture, {
      params: { sealId: 'ZZZZZ00000', number: 1, size: 'thumb' },
    })
    expect(unknown.json().error.code).toBe('SEAL_NOT_FOUND')
  })

  it('hides a seal from every member at once, its saved copies included, with the reason in the audit log', async () => {
    const { sealId, mini, premium } = await savedSeal()
    const before = await ownerFinds(ctx(), sealId, mini.cookie)
    expect(before).toMatchObject({ plays: 1, play: true, unsaved: 2, zip: 200 })
    const stranger = await createMember(ctx().db, ctx().clock)
    // Looked up (and so kept in this process's memory) before it is hidden.
    expect(await membersSee(ctx(), sealId, stranger.cookie)).toEqual({
      guest: 200,
      member: 200,
      preview: 200,
      save: 200,
    })

    const support = await signedIn('support')
    ctx().clock.advance(MINUTE)
    const hidden = await support.call(adminApi.adminSealHide, {
      params: { sealId },
      body: { reason: 'PRIVACY', note: 'the person in picture 2 asked by mail' },
    })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(hidden.json().entity.hidden).toEqual({
      reason: 'PRIVACY',
      note: 'the person in picture 2 asked by mail',
      hiddenAt: new Date(TEST_NOW.getTime() + 6 * MINUTE).toISOString(),
      hiddenBy: { operatorId: support.operator.id, operatorMailAddress: support.operator.mailAddress },
    })

    expect(await membersSee(ctx(), sealId, stranger.cookie)).toEqual({
      guest: 'SEAL_HIDDEN',
      member: 'SEAL_HIDDEN',
      preview: 'SEAL_HIDDEN',
      save: 'SEAL_HIDDEN',
    })
    const refused = await ctx().app.inject({ url: `/sp/2/seals/${sealId}` })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.penalty).toBeUndefined()
    for (const owner of [mini, premium]) {
      expect(await ownerFinds(ctx(), sealId, owner.cookie)).toEqual({
        plays: 0,
        play: false,
        unsaved: 0,
        imageUrl: null,
        zip: 404,
      })
    }
    // A saved picture's own address answers nothing either.
    const image = await ctx().app.inject({ url: before.imageUrl!, headers: { cookie: mini.cookie } })
    expect(image.statusCode).toBe(404)
    const everything = await ctx().app.inject({ url: '/sp/2/mypage/zip', headers: { cookie: mini.cookie } })
    expect(everything.statusCode).toBe(404)

    // Operators still see it all, pictures included.
    const seal = (await support.call(adminApi.adminSeal, { params: { sealId } })).json().entity
    expect(seal.owners).toHaveLength(3)
    const picture = await support.call(adminApi.adminSealPicture, {
      params: { sealId, number: 1, size: 'thumb' },
    })
    expect(picture.statusCode).toBe(200)

    const [entry] = await auditTrail(ctx(), 'seal', sealId)
    expect(entry).toMatchObject({
      action: 'seals.hidden',
      actor: { operatorId: support.operator.id },
      reason: 'the person in picture 2 asked by mail',
      before: { hidden: false, reason: null },
      after: { hidden: true, reason: 'PRIVACY' },
    })
  })

  it('changes why a seal is hidden, and changes nothing for the same reason and note again', async () => {
    const { sealId } = await createSeal(ctx())
    const admin = await signedIn('admin')
    const hide = (body: { reason: string; note?: string }) =>
      admin.call(adminApi.adminSealHide, { params: { sealId }, body })
    expect((await hide({ reason: 'LOST_SHEET' })).statusCode).toBe(200)
    expect((await hide({ reason: 'LOST_SHEET' })).statusCode).toBe(200)
    expect(await auditTrail(ctx(), 'seal', sealId)).toHaveLength(1)
    ctx().clock.advance(MINUTE)
    const changed = await hide({ reason: 'LEGAL_REQUEST', note: 'police request 12' })
    expect(changed.json().entity.hidden).toMatchObject({
      reason: 'LEGAL_REQUEST',
      note: 'police request 12',
      hiddenAt: new Date(TEST_NOW.getTime() + MINUTE).toISOString(),
    })
    const trail = await auditTrail(ctx(), 'seal', sealId)
    expect(trail).toHaveLength(2)
    expect(trail[0]).toMatchObject({
      action: 'seals.hidden',
      before: { hidden: true, reason: 'LOST_SHEET' },
      after: { hidden: true, reason: 'LEGAL_REQUEST' },
    })
  })

  it('shows a hidden seal again, its saved copies back with their owners; SEAL_NOT_HIDDEN after', async () => {
    const { sealId, mini } = await savedSeal()
    const support = await signedIn('support')
    await support.call(adminApi.adminSealHide, { params: { sealId }, body: { reason: 'INAPPROPRIATE' } })
    expect((await ownerFinds(ctx(), sealId, mini.cookie)).play).toBe(false)

    ctx().clock.advance(MINUTE)
    const shown = await support.call(adminApi.adminSealUnhide, {
      params: { sealId },
      body: { note: 'checked: nothing wrong' },
    })
    expect(shown.statusCode, shown.body).toBe(200)
    expect(shown.json().entity.hidden).toBeNull()
    expect(await ownerFinds(ctx(), sealId, mini.cookie)).toMatchObject({
      plays: 1,
      play: true,
      unsaved: 2,
      zip: 200,
    })
    expect((await ctx().app.inject({ url: `/sp/2/seals/${sealId}` })).statusCode).toBe(200)

    const [entry] = await auditTrail(ctx(), 'seal', sealId)
    expect(entry).toMatchObject({
      action: 'seals.unhidden',
      actor: { operatorId: support.operator.id },
      reason: 'checked: nothing wrong',
      before: { hidden: true, reason: 'INAPPROPRIATE' },
      after: { hidden: false, reason: null },
    })

    const again = await support.call(adminApi.adminSealUnhide, { params: { sealId }, body: {} })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('SEAL_NOT_HIDDEN')
    expect(await auditTrail(ctx(), 'seal', sealId)).toHaveLength(2)
  })

  it('refuses hiding to a viewer and an editor, and a seal nobody has with SEAL_NOT_FOUND', async () => {
    const { sealId } = await createSeal(ctx())
    for (const role of ['viewer', 'editor'] as const) {
      const operator = await signedIn(role)
      const refused = await operator.call(adminApi.adminSealHide, {
        params: { sealId },
        body: { reason: 'OTHER' },
      })
      expect(refused.statusCode, role).toBe(403)
      expect(refused.json().error.code, role).toBe('FORBIDDEN')
    }
    expect((await ctx().app.inject({ url: `/sp/2/seals/${sealId}` })).statusCode).toBe(200)
    const support = await signedIn('support')
    const unknown = await support.call(adminApi.adminSealHide, {
      params: { sealId: 'ZZZZZ00000' },
      body: { reason: 'OTHER' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.code).toBe('SEAL_NOT_FOUND')
  })
})
