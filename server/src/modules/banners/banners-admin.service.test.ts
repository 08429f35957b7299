import { beforeEach, describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import { buildMemberCaller } from '../../test/callers'
import { buildOperatorActor } from '../../test/console'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { type Actor, systemActor } from '../actor'
import { createEventBus, type EventEnvelope } from '../events'
import { createBannersRepository } from './banners.repository'
import { createBannerService } from './banners.service'
import { createBannersAdminRepository } from './banners-admin.repository'
import { createBannersAdminService } from './banners-admin.service'

const operator = buildOperatorActor
const editor = operator('editor')
const HOUR = 60 * 60 * 1000
const later = (hours: number) => new Date(TEST_NOW.getTime() + hours * HOUR)
const SPACE = 'product_information'

async function setUp() {
  const { db } = await testDatabase()
  const bus = createEventBus()
  const told: EventEnvelope[] = []
  bus.onEvery('test', async (_tx, event) => {
    told.push(event)
  })
  const clock = fixedClock(TEST_NOW)
  const repo = createBannersRepository(db)
  const members = createBannerService({ repo })
  const admin = createBannersAdminService({
    repo: createBannersAdminRepository(db, bus),
    clock,
    servedHtml: members.servedHtml,
    shownIn: repo.shownIn,
  })
  const shown = async () => (await members.bannerOf(SPACE, clock.now())).bannerHtml
  return { admin, clock, told, shown }
}

describe('banners in the console (service)', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('puts a new banner first, orders, changes and withdraws, each step an event', async () => {
    const { admin, clock, told, shown } = await setUp()
    const first = await admin.create(editor, SPACE, { html: '<p>first</p>', reason: 'launch' })
    expect(first).toMatchObject({ html: '<p>first</p>', state: 'published', shown: true, position: 0 })
    clock.advance(60_000)
    const second = await admin.create(editor, SPACE, { html: '<p onclick="x()">second</p>' })
    expect(second).toMatchObject({ html: '<p>second</p>', shown: true, position: -1 })
    expect(await shown()).toBe('<p>second</p>')

    const ordered = await admin.order(editor, SPACE, {
      bannerIds: [first.id, second.id],
      reason: 'campaign ended',
    })
    expect(ordered.banners.map((banner) => [banner.id, banner.position, banner.shown])).toEqual([
      [first.id, 0, true],
      [second.id, 1, false],
    ])
    expect(await shown()).toBe('<p>first</p>')

    // A window to come: the next in the order shows until then.
    await admin.change(editor, first.id, { publishAt: later(1).toISOString(), html: '<p>first, later</p>' })
    expect(await shown()).toBe('<p>second</p>')
    clock.advance(HOUR)
    expect(await shown()).toBe('<p>first, later</p>')

    const withdrawn = await admin.withdraw(editor, first.id, { reason: 'mistake' })
    expect(withdrawn).toMatchObject({ state: 'withdrawn', shown: false })
    expect(await shown()).toBe('<p>second</p>')
    expect((await admin.space(editor, SPACE, { list: 'withdrawn' })).banners.map((b) => b.id)).toEqual([
      first.id,
    ])
    expect((await admin.space(editor, SPACE, { list: 'current' })).banners.map((b) => b.id)).toEqual([
      second.id,
    ])

    expect(told.map((event) => [event.name, event.target, event.reason])).toEqual([
      ['banner.created', { kind: 'banner', id: first.id }, 'launch'],
      ['banner.created', { kind: 'banner', id: second.id }, null],
      ['banner.ordered', { kind: 'banner-space', id: SPACE }, 'campaign ended'],
      ['banner.changed', { kind: 'banner', id: first.id }, null],
      ['banner.withdrawn', { kind: 'banner', id: first.id }, 'mistake'],
    ])
    expect(told[1]!.after).toMatchObject({ html: '<p>second</p>', spaceId: SPACE, position: -1 })
    expect(told[2]).toMatchObject({
      before: { order: [second.id, first.id] },
      after: { order: [first.id, second.id] },
    })
    expect(told[3]).toMatchObject({
      before: { html: '<p>first</p>', publishAt: TEST_NOW.toISOString() },
      after: { html: '<p>first, later</p>', publishAt: later(1).toISOString() },
    })
  })

  it('refuses an order of other banners than the space has, a withdrawn banner changed, and HTML of which nothing is left', async () => {
    const { admin } = await setUp()
    const one = await admin.create(editor, SPACE, { html: '<p>one</p>' })
    const two = await admin.create(editor, SPACE, { html: '<p>two</p>' })
    const elsewhere = await admin.create(editor, 'photos_banner', { html: '<p>three</p>' })
    for (const bannerIds of [
      [one.id],
      [one.id, two.id, elsewhere.id],
      [one.id, one.id],
      [one.id, elsewhere.id],
    ]) {
      await expect(admin.order(editor, SPACE, { bannerIds })).rejects.toMatchObject({ code: 'ORDER_STALE' })
    }
    await admin.withdraw(editor, one.id, {})
    await expect(admin.change(editor, one.id, { html: '<p>back</p>' })).rejects.toMatchObject({
      code: 'BANNER_WITHDRAWN',
    })
    await expect(admin.withdraw(editor, one.id, {})).rejects.toMatchObject({ code: 'BANNER_WITHDRAWN' })
    await expect(admin.create(editor, SPACE, { html: '<script>alert(1)</script>' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
    await expect(
      admin.create(editor, SPACE, {
        html: '<p>x</p>',
        publishAt: later(2).toISOString(),
        publishUntil: later(1).toISOString(),
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    const unknown = '00000000-0000-4000-8000-0000000000ff'
    await expect(admin.change(editor, unknown, { html: '<p>x</p>' })).rejects.toMatchObject({
      code: 'BANNER_NOT_FOUND',
    })
  })

  it('previews what members would get, storing nothing', async () => {
    const { admin, shown } = await setUp()
    expect(await admin.preview(editor, { html: '<p>ok</p>' })).toEqual({ html: '<p>ok</p>', changed: false })
    expect(
      await admin.preview(editor, { html: '<a href="javascript:alert(1)" onclick="x()">go</a>' }),
    ).toEqual({
      html: '<a>go</a>',
      changed: true,
    })
    expect(await admin.preview(editor, { html: '<script>alert(1)</script>' })).toEqual({
      html: null,
      changed: true,
    })
    expect(await shown()).toBeNull()
  })

  it('refuses every change but to editors and admins, and every reading but to operators, with FORBIDDEN', async () => {
    const { admin, told } = await setUp()
    const banner = await admin.create(editor, SPACE, { html: '<p>x</p>' })
    const refused: Actor[] = [
      operator('viewer'),
      operator('support'),
      buildMemberCaller(),
      systemActor('demo'),
    ]
    for (const actor of refused) {
      for (const attempt of [
        () => admin.preview(actor, { html: '<p>x</p>' }),
        () => admin.create(actor, SPACE, { html: '<p>x</p>' }),
        () => admin.change(actor, banner.id, { html: '<p>y</p>' }),
        () => admin.order(actor, SPACE, { bannerIds: [banner.id] }),
        () => admin.withdraw(actor, banner.id, {}),
      ]) {
        await expect(attempt(), actor.kind).rejects.toMatchObject({ code: 'FORBIDDEN' })
      }
    }
    for (const actor of [buildMemberCaller(), systemActor('demo')]) {
      await expect(admin.space(actor, SPACE, { list: 'current' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      })
    }
    expect((await admin.space(operator('viewer'), SPACE, { list: 'current' })).banners).toHaveLength(1)
    expect((await admin.withdraw(operator('admin'), banner.id, {})).state).toBe('withdrawn')
    expect(told.map((event) => event.name)).toEqual(['banner.created', 'banner.withdrawn'])
  })
})
