import { adminApi } from '@puribox/contract/admin-api'
import { AD_PICTURE_SIZE } from '@puribox/contract/ads'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createAd, createAdSpace, createTopPageSpace, fetchAdToken } from '../../test/ads'
import { auditTrail, CONSOLE_IP, consoleOperator } from '../../test/console'
import { SAME_ORIGIN_HEADERS } from '../../test/contract-requests'
import { buildImage, createAdReactionCount, createMember } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { createOperatorSession } from '../../test/operators'
import type { OperatorRole } from '../actor'

const HOUR = 60 * 60 * 1000
const ADS = '/admin/api/ads'

/** A multipart body with one file part, as the console's FormData sends it. */
async function multipart(data: Buffer, field = 'picture', type = 'image/jpeg') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(data)], { type }), 'ad.jpg')
  const response = new Response(form)
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  }
}

/** An ad's fields as the console's form sends them, for everyone, with no picture. */
function textAd(overrides: Record<string, unknown> = {}) {
  return {
    conversionId: 'cv-winter-lip',
    name: '冬の新色リップ',
    title: '冬の新色リップ',
    text: 'プリ機のライトの下でもかわいく写ります。',
    linkType: 'EXTERNAL',
    linkUrl: 'https://www.example.com/lip',
    mediaType: 'TEXT',
    mediaUrl: null,
    forGuests: true,
    forMini: true,
    forPremium: true,
    ...overrides,
  }
}

describe('the console runs ads: /admin/api/ads', () => {
  const ctx = useTestApp()

  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  /** Uploads a picture as an operator of the role (a session of its own). */
  async function upload(operatorId: string, data: Buffer, field = 'picture') {
    const { cookie } = await createOperatorSession(ctx().db, ctx().clock, operatorId)
    const body = await multipart(data, field)
    return ctx().app.inject({
      method: 'POST',
      url: `${ADS}/pictures`,
      headers: { ...SAME_ORIGIN_HEADERS, ...body.headers, cookie },
      payload: body.payload,
      remoteAddress: CONSOLE_IP,
    })
  }

  /** The names of the ads a guest is shown in the top page's space now. */
  async function guestSees(): Promise<string[]> {
    const { token } = await fetchAdToken(ctx().app)
    const response = await ctx().app.inject({
      url: '/sp/advertisements/self?spaceId=sp-top',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().entity.advertisements.map((ad: { name: string }) => ad.name)
  }

  it('publishes an ad with an uploaded picture that members are then served, each step audited', async () => {
    await createTopPageSpace(ctx().db)
    const editor = await signedIn('editor')
    // A member's list kept by this process before the ad is published is not what they get after.
    expect(await guestSees()).toEqual([])

    // A photo of another shape, as a PNG: kept as the ad card's 2:1 JPEG.
    const uploaded = await upload(
      editor.operator.id,
      await buildImage({ width: 600, height: 900, format: 'png' }),
    )
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const picture = uploaded.json().entity
    expect(picture).toMatchObject({ width: AD_PICTURE_SIZE.width, height: AD_PICTURE_SIZE.height })
    expect(picture.mediaUrl).toMatch(/^\/sp\/advertisements\/pictures\/[0-9a-f-]{36}\.jpg$/)

    const created = await editor.call(adminApi.adminAdCreate, {
      params: { spaceId: 'sp-top' },
      body: textAd({
        mediaType: 'IMAGE',
        mediaUrl: picture.mediaUrl,
        priority: 5,
        reason: 'winter campaign',
      }),
    })
    expect(created.statusCode, created.body).toBe(200)
    const ad = created.json().entity
    expect(ad).toMatchObject({
      spaceId: 'sp-top',
      state: 'draft',
      startsAt: null,
      ageTarget: 'ALL',
      priority: 5,
      totals: { IMPRESSION: 0, CLICK: 0 },
    })
    expect(await guestSees()).toEqual([])

    const published = await editor.call(adminApi.adminAdPublish, {
      params: { adId: String(ad.id) },
      body: { reason: 'approved by the advertiser' },
    })
    expect(published.json().entity).toMatchObject({ state: 'published', startsAt: TEST_NOW.toISOString() })
    expect(await guestSees()).toEqual(['冬の新色リップ'])

    // The members' route serves the picture the ad names, for any cache to keep.
    const file = await ctx().app.inject({ url: picture.mediaUrl })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 480 })
    const unknown = await ctx().app.inject({ url: '/sp/advertisements/pictures/not-a-picture.jpg' })
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'NOT_FOUND'])

    const trail = await auditTrail(ctx(), 'ad', String(ad.id))
    expect(trail.map((entry) => [entry.action, entry.reason])).toEqual([
      ['ads.published', 'approved by the advertiser'],
      ['ads.draft-created', 'winter campaign'],
    ])
    expect(trail[0]).toMatchObject({
      actor: { operatorId: editor.operator.id },
      before: { startsAt: null },
      after: { startsAt: TEST_NOW.toISOString() },
    })
    expect(trail[1]?.after).toMatchObject({
      spaceId: 'sp-top',
      conversionId: 'cv-winter-lip',
      mediaUrl: picture.mediaUrl,
    })
  })

  it('schedules an ad members see from its time on, and withdraws it for good with its counts kept', async () => {
    await createTopPageSpace(ctx().db)
    const admin = await signedIn('admin')
    const ad = (
      await admin.call(adminApi.adminAdCreate, { params: { spaceId: 'sp-top' }, body: textAd() })
    ).json().entity
    const at = new Date(TEST_NOW.getTime() + 2 * HOUR)
    const scheduled = await admin.call(adminApi.adminAdSchedule, {
      params: { adId: String(ad.id) },
      body: { startsAt: '2026-11-20T14:00:00+09:00', reason: 'from the afternoon' },
    })
    expect(scheduled.json().entity).toMatchObject({ state: 'scheduled', startsAt: at.toISOString() })
    expect(await guestSees()).toEqual([])
    ctx().clock.advance(2 * HOUR)
    expect(await guestSees()).toEqual(['冬の新色リップ'])

    const { token } = await fetchAdToken(ctx().app)
    const react = () =>
      ctx().app.inject({
        method: 'POST',
        url: `/sp/advertisements/${ad.id}/reactions`,
        headers: { 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${token}` },
        payload: { kind: 'IMPRESSION' },
      })
    expect((await react()).json().entity).toEqual({ counted: true })

    const withdrawn = await admin.call(adminApi.adminAdWithdraw, {
      params: { adId: String(ad.id) },
      body: { reason: 'the advertiser stopped the campaign' },
    })
    expect(withdrawn.json().entity).toMatchObject({ state: 'withdrawn', totals: { IMPRESSION: 1, CLICK: 0 } })
    expect(await guestSees()).toEqual([])
    expect((await react()).json().error.code).toBe('NOT_FOUND')
    // Withdrawn is for good: nothing is taken any more.
    for (const [route, body] of [
      [adminApi.adminAdPublish, {}],
      [adminApi.adminAdWithdraw, {}],
      [adminApi.adminAdChange, { title: '再開' }],
      [adminApi.adminAdSchedule, { startsAt: '2026-12-01T10:00:00+09:00' }],
    ] as const) {
      const answer = await admin.call(route, { params: { adId: String(ad.id) }, body })
      expect([answer.statusCode, answer.json().error.code], route.path).toEqual([409, 'AD_STATE_CONFLICT'])
    }
    const read = await admin.call(adminApi.adminAd, { params: { adId: String(ad.id) } })
    expect(read.json().entity.reactions.totals).toEqual({ IMPRESSION: 1, CLICK: 0 })
  })

  it('reads reactions per Japan day, the last 30 days to the test clock’s day when no range is given', async () => {
    await createTopPageSpace(ctx().db)
    const ad = await createAd(ctx().db, { name: 'counted' })
    await createAdReactionCount(ctx().db, { adId: ad.id, kind: 'IMPRESSION', day: '2026-11-19', count: 40 })
    await createAdReactionCount(ctx().db, { adId: ad.id, kind: 'CLICK', day: '2026-11-19', count: 3 })
    await createAdReactionCount(ctx().db, { adId: ad.id, kind: 'IMPRESSION', day: '2026-10-01', count: 7 })
    // 00:30 on 21 November in Japan, still the 20th in UTC: a reaction now counts for the 21st.
    ctx().clock.set(new Date('2026-11-20T15:30:00Z'))
    const { token } = await fetchAdToken(ctx().app)
    const reacted = await ctx().app.inject({
      method: 'POST',
      url: `/sp/advertisements/${ad.id}/reactions`,
      headers: { 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${token}` },
      payload: { kind: 'CLICK' },
    })
    expect(reacted.json().entity).toEqual({ counted: true })

    const viewer = await signedIn('viewer')
    const read = (await viewer.call(adminApi.adminAd, { params: { adId: String(ad.id) } })).json().entity
    expect(read.ad).toMatchObject({ id: ad.id, state: 'published', totals: { IMPRESSION: 47, CLICK: 4 } })
    expect(read.reactions).toMatchObject({
      from: '2026-10-23',
      to: '2026-11-21',
      totals: { IMPRESSION: 40, CLICK: 4 },
    })
    expect(read.reactions.days).toHaveLength(30)
    expect(read.reactions.days.slice(-3)).toEqual([
      { day: '2026-11-19', IMPRESSION: 40, CLICK: 3 },
      { day: '2026-11-20', IMPRESSION: 0, CLICK: 0 },
      { day: '2026-11-21', IMPRESSION: 0, CLICK: 1 },
    ])

    const range = (
      await viewer.call(adminApi.adminAd, {
        params: { adId: String(ad.id) },
        query: { from: '2026-09-30', to: '2026-10-01' },
      })
    ).json().entity.reactions
    expect(range.days).toEqual([
      { day: '2026-09-30', IMPRESSION: 0, CLICK: 0 },
      { day: '2026-10-01', IMPRESSION: 7, CLICK: 0 },
    ])
    for (const query of [
      { from: '2026-11-02', to: '2026-11-01' },
      { from: '2026-11-01' },
      { from: '2025-01-01', to: '2026-11-01' },
    ]) {
      const refused = await viewer.call(adminApi.adminAd, { params: { adId: String(ad.id) }, query })
      expect([refused.statusCode, refused.json().error.code], JSON.stringify(query)).toEqual([
        400,
        'VALIDATION_FAILED',
      ])
    }
  })

  it('refuses what cannot be stored, each with its code', async () => {
    await createTopPageSpace(ctx().db)
    const editor = await signedIn('editor')
    const create = (body: Record<string, unknown>, spaceId = 'sp-top') =>
      editor.call(adminApi.adminAdCreate, { params: { spaceId }, body: textAd(body) })
    const refusal = async (
      answer: Promise<{ statusCode: number; json(): { error: { code: string } | null } }>,
    ) => {
      const response = await answer
      return [response.statusCode, response.json().error?.code]
    }
    expect(await refusal(create({ linkUrl: 'http://www.example.com/' }))).toEqual([400, 'VALIDATION_FAILED'])
    expect(await refusal(create({ linkType: 'INTERNAL', linkUrl: '//evil.example/' }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ])
    expect(await refusal(create({ forGuests: false, forMini: false, forPremium: false }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ])
    expect(await refusal(create({ conversionId: 'has space' }))).toEqual([400, 'VALIDATION_FAILED'])
    expect(await refusal(create({ mediaType: 'TEXT', mediaUrl: '/favicon.svg' }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ])
    expect(await refusal(create({ mediaType: 'IMAGE', mediaUrl: null }))).toEqual([400, 'IMAGE_MISSING'])
    expect(
      await refusal(
        create({
          mediaType: 'IMAGE',
          mediaUrl: '/sp/advertisements/pictures/00000000-0000-4000-8000-000000000000.jpg',
        }),
      ),
    ).toEqual([400, 'IMAGE_MISSING'])
    expect(await refusal(create({ endsAt: '2026-11-20T11:00:00+09:00' }))).toEqual([400, 'AD_WINDOW_INVALID'])
    expect(await refusal(create({}, 'sp-none'))).toEqual([404, 'AD_SPACE_NOT_FOUND'])

    const ad = (await create({ endsAt: '2026-11-21T12:00:00+09:00' })).json().entity
    expect(await refusal(create({}))).toEqual([409, 'AD_CONVERSION_ID_TAKEN'])
    const other = (await create({ conversionId: 'cv-other' })).json().entity
    const id = (adId: number) => ({ adId: String(adId) })
    expect(
      await refusal(
        editor.call(adminApi.adminAdChange, {
          params: id(other.id),
          body: { conversionId: 'cv-winter-lip' },
        }),
      ),
    ).toEqual([409, 'AD_CONVERSION_ID_TAKEN'])
    expect(
      await refusal(
        editor.call(adminApi.adminAdSchedule, {
          params: id(ad.id),
          body: { startsAt: '2026-11-20T11:59:00+09:00' },
        }),
      ),
    ).toEqual([400, 'SCHEDULE_IN_PAST'])
    expect(
      await refusal(
        editor.call(adminApi.adminAdSchedule, {
          params: id(ad.id),
          body: { startsAt: '2026-11-22T10:00:00+09:00' },
        }),
      ),
    ).toEqual([400, 'AD_WINDOW_INVALID'])
    expect((await editor.call(adminApi.adminAdPublish, { params: id(ad.id), body: {} })).statusCode).toBe(200)
    expect(await refusal(editor.call(adminApi.adminAdPublish, { params: id(ad.id), body: {} }))).toEqual([
      409,
      'AD_STATE_CONFLICT',
    ])
    expect(
      await refusal(
        editor.call(adminApi.adminAdChange, {
          params: id(ad.id),
          body: { endsAt: '2026-11-20T11:00:00+09:00' },
        }),
      ),
    ).toEqual([400, 'AD_WINDOW_INVALID'])
    expect(await refusal(editor.call(adminApi.adminAdWithdraw, { params: id(other.id), body: {} }))).toEqual([
      409,
      'AD_STATE_CONFLICT',
    ])
    for (const adId of ['999999', '9999999999']) {
      expect(await refusal(editor.call(adminApi.adminAd, { params: { adId } }))).toEqual([
        404,
        'AD_NOT_FOUND',
      ])
    }
    expect(await refusal(editor.call(adminApi.adminAd, { params: { adId: 'abc' } }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ])
    expect(await refusal(editor.call(adminApi.adminAdList, { params: { spaceId: 'sp-none' } }))).toEqual([
      404,
      'AD_SPACE_NOT_FOUND',
    ])
    expect(
      await refusal(editor.call(adminApi.adminAdSpaceCreate, { body: { id: 'sp-top', name: 'again' } })),
    ).toEqual([409, 'AD_SPACE_EXISTS'])

    const text = await upload(editor.operator.id, Buffer.from('not a picture at all'))
    expect([text.statusCode, text.json().error.code]).toEqual([415, 'IMAGE_FORMAT_UNSUPPORTED'])
    const jpeg = await buildImage({ width: 400, height: 200 })
    const cut = await upload(editor.operator.id, jpeg.subarray(0, Math.floor(jpeg.length / 2)))
    expect([cut.statusCode, cut.json().error.code]).toEqual([400, 'IMAGE_INVALID'])
    const wrongField = await upload(editor.operator.id, jpeg, 'image')
    expect([wrongField.statusCode, wrongField.json().error.code]).toEqual([400, 'IMAGE_MISSING'])
  })

  it('lets viewers and support read and change nothing', async () => {
    await createTopPageSpace(ctx().db)
    const editor = await signedIn('editor')
    const ad = (
      await editor.call(adminApi.adminAdCreate, { params: { spaceId: 'sp-top' }, body: textAd() })
    ).json().entity
    for (const role of ['viewer', 'support'] as const) {
      const reader = await signedIn(role)
      expect((await reader.call(adminApi.adminAdSpaces)).json().entity.spaces).toHaveLength(1)
      expect(
        (await reader.call(adminApi.adminAdList, { params: { spaceId: 'sp-top' } })).json().entity.items,
      ).toHaveLength(1)
      const adId = String(ad.id)
      for (const [route, input] of [
        [adminApi.adminAdCreate, { params: { spaceId: 'sp-top' }, body: textAd({ conversionId: 'x' }) }],
        [adminApi.adminAdChange, { params: { adId }, body: { title: 'x' } }],
        [adminApi.adminAdSchedule, { params: { adId }, body: { startsAt: '2026-12-01T10:00:00+09:00' } }],
        [adminApi.adminAdPublish, { params: { adId }, body: {} }],
        [adminApi.adminAdWithdraw, { params: { adId }, body: {} }],
        [adminApi.adminAdSpaceCreate, { body: { id: 'sp-new', name: 'x' } }],
        [adminApi.adminAdSpaceChange, { params: { spaceId: 'sp-top' }, body: { name: 'x' } }],
      ] as const) {
        const answer = await reader.call(route, input)
        expect([answer.statusCode, answer.json().error.code], `${role} ${route.path}`).toEqual([
          403,
          'FORBIDDEN',
        ])
      }
      const picture = await upload(reader.operator.id, await buildImage())
      expect([picture.statusCode, picture.json().error.code]).toEqual([403, 'FORBIDDEN'])
    }
  })

  it('moves the top page to another space, lists spaces with their counts, and pages a space’s ads', async () => {
    await createTopPageSpace(ctx().db)
    const admin = await signedIn('admin')
    const member = await createMember(ctx().db, ctx().clock)
    const created = await admin.call(adminApi.adminAdSpaceCreate, {
      body: { id: 'sp-spring', name: '春の特集' },
    })
    expect(created.json().entity).toMatchObject({ id: 'sp-spring', placement: null, counts: { draft: 0 } })
    const ids: number[] = []
    for (const conversionId of ['cv-1', 'cv-2', 'cv-3']) {
      const answer = await admin.call(adminApi.adminAdCreate, {
        params: { spaceId: 'sp-spring' },
        body: textAd({ conversionId, name: conversionId }),
      })
      ids.push(answer.json().entity.id)
    }
    await admin.call(adminApi.adminAdPublish, { params: { adId: String(ids[0]) }, body: {} })

    const moved = await admin.call(adminApi.adminAdSpaceChange, {
      params: { spaceId: 'sp-spring' },
      body: { placement: 'topPage', reason: 'spring campaign' },
    })
    expect(moved.json().entity).toMatchObject({ placement: 'topPage', counts: { draft: 2, published: 1 } })
    const data = await ctx().app.inject({ url: '/static/data.json', headers: { cookie: member.cookie } })
    expect(data.json().entity).toEqual({ advertisement: { topPage: 'sp-spring' } })
    const spaces = (await admin.call(adminApi.adminAdSpaces)).json().entity.spaces
    expect(
      spaces.map((space: { id: string; placement: string | null }) => [space.id, space.placement]),
    ).toEqual([
      ['sp-spring', 'topPage'],
      ['sp-top', null],
    ])
    const [entry] = await auditTrail(ctx(), 'ad-space', 'sp-spring')
    expect(entry).toMatchObject({
      action: 'ads.space-changed',
      reason: 'spring campaign',
      before: { placement: null },
      after: { placement: 'topPage', placementTakenFrom: 'sp-top' },
    })

    const first = (
      await admin.call(adminApi.adminAdList, { params: { spaceId: 'sp-spring' }, query: { limit: 2 } })
    ).json().entity
    expect(first.items.map((ad: { id: number }) => ad.id)).toEqual([ids[2], ids[1]])
    expect(first.next).toBe(String(ids[1]))
    const second = (
      await admin.call(adminApi.adminAdList, {
        params: { spaceId: 'sp-spring' },
        query: { limit: 2, after: first.next },
      })
    ).json().entity
    expect(second).toMatchObject({ items: [{ id: ids[0], state: 'published' }], next: null })
    const drafts = (
      await admin.call(adminApi.adminAdList, { params: { spaceId: 'sp-spring' }, query: { state: 'draft' } })
    ).json().entity
    expect(drafts.items.map((ad: { id: number }) => ad.id)).toEqual([ids[2], ids[1]])
  })

  it('changes a published ad for members at once, and keeps a demo ad’s own picture when other fields change', async () => {
    await createTopPageSpace(ctx().db)
    await createAdSpace(ctx().db, 'sp-other')
    const ad = await createAd(ctx().db, { name: 'before', mediaUrl: '/favicon.svg' })
    const editor = await signedIn('editor')
    expect(await guestSees()).toEqual(['before'])
    const changed = await editor.call(adminApi.adminAdChange, {
      params: { adId: String(ad.id) },
      body: { name: 'after', ageTarget: 'ALL', reason: 'renamed' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().entity).toMatchObject({
      name: 'after',
      mediaUrl: '/favicon.svg',
      state: 'published',
    })
    expect(await guestSees()).toEqual(['after'])
    // Turned into a text ad, it drops its picture; another picture than its own must be uploaded.
    const text = await editor.call(adminApi.adminAdChange, {
      params: { adId: String(ad.id) },
      body: { mediaType: 'TEXT' },
    })
    expect(text.json().entity).toMatchObject({ mediaType: 'TEXT', mediaUrl: null })
    const back = await editor.call(adminApi.adminAdChange, {
      params: { adId: String(ad.id) },
      body: { mediaType: 'IMAGE', mediaUrl: '/favicon.svg' },
    })
    expect([back.statusCode, back.json().error.code]).toEqual([400, 'IMAGE_MISSING'])
  })
})
