import { count, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import { encodeShiftJis, TEST_MODEL as MODEL, TEST_SHOP as SHOP, SHOPS_CSV } from '../../test/booths'
import { buildMemberCaller } from '../../test/callers'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { type Actor, type OperatorActor, systemActor } from '../actor'
import { createAuditRepository } from '../audit/audit.repository'
import { auditLog } from '../audit/audit.schema'
import { createAuditService } from '../audit/audit.service'
import { createEventBus } from '../events'
import { seals } from '../seals/seals.schema'
import { createBoothRepository } from './booth.repository'
import { machineKeys, shops } from './booth.schema'
import { hashMachineKey } from './booth.service'
import { createBoothAdminRepository, machineKeyId } from './booth-admin.repository'
import { createBoothAdminService } from './booth-admin.service'

const operator = (role: OperatorActor['role'], n = 1): OperatorActor => ({
  kind: 'operator',
  operatorId: `00000000-0000-4000-8000-00000000000${n}`,
  role,
  ip: '203.0.113.7',
})
const admin = operator('admin', 1)
const editor = operator('editor', 2)
const support = operator('support', 3)
const viewer = operator('viewer', 4)
const member = buildMemberCaller()
const job = systemActor('demo')

const MINUTE = 60 * 1000

async function setUp() {
  const { db } = await testDatabase()
  const bus = createEventBus()
  const audit = createAuditService({ repo: createAuditRepository(db) })
  bus.onEvery('audit', audit.recordEvent)
  const clock = fixedClock(TEST_NOW)
  const directory = { changes: 0 }
  const keys = ['pbmk_first-key-of-the-test-000000000000000', 'pbmk_second-key-of-the-test-00000000000000']
  const service = createBoothAdminService({
    repo: createBoothAdminRepository(db, bus),
    clock,
    directoryChanged: () => {
      directory.changes++
    },
    newKey: () => keys.shift()!,
  })
  /** The audit log, oldest first, as an admin reads it. */
  const entries = async () => (await audit.search(admin, { limit: 100 })).entries.reverse()
  return { db, service, clock, directory, entries, booth: createBoothRepository(db) }
}

describe('booth models, shops and machines in the console', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('lets editors and admins register, every operator read, and members and the system nothing', async () => {
    const { service } = await setUp()
    for (const actor of [viewer, support, member, job] as Actor[]) {
      await expect(service.createModel(actor, MODEL)).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(service.createShop(actor, SHOP)).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(service.importShops(actor, Buffer.from(SHOPS_CSV))).rejects.toMatchObject({
        code: 'FORBIDDEN',
      })
    }
    const model = await service.createModel(editor, MODEL)
    const shop = await service.createShop(editor, SHOP)
    for (const actor of [viewer, support, member, job] as Actor[]) {
      await expect(service.changeModel(actor, model.id, { shots: 4 })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      })
      await expect(service.changeShop(actor, shop.id, { openingHours: '' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      })
      await expect(
        service.createMachine(actor, shop.id, { id: 'm-1', modelId: model.id }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
      })
    }
    await service.createMachine(admin, shop.id, { id: 'm-1', modelId: model.id })
    for (const actor of [viewer, support, editor, admin]) {
      expect((await service.models(actor)).models.map((m) => m.id)).toEqual(['milky-star'])
      expect((await service.shops(actor, { limit: 10 })).shops.map((s) => s.id)).toEqual([shop.id])
      expect((await service.machine(actor, 'm-1')).machine.id).toBe('m-1')
    }
    for (const actor of [member, job]) {
      await expect(service.models(actor)).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(service.shops(actor, { limit: 10 })).rejects.toMatchObject({ code: 'FORBIDDEN' })
      await expect(service.machines(actor, shop.id, { limit: 10 })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      })
    }
  })

  it('records each change in the audit log: who, what, the changed fields before and after, why', async () => {
    const { service, clock, entries, directory } = await setUp()
    const model = await service.createModel(editor, MODEL)
    const shop = await service.createShop(editor, SHOP)
    clock.advance(MINUTE)
    await service.changeShop(editor, shop.id, {
      openingHours: '10:00～23:00',
      prefectureCode: 13,
      reason: 'the shop closes earlier',
    })
    // Nothing changes: no entry.
    await service.changeShop(editor, shop.id, { openingHours: '10:00～23:00' })
    await service.changeModel(admin, model.id, { shots: 4, sampleCount: 3 })
    await service.createMachine(editor, shop.id, { id: 'm-1', modelId: model.id })
    await service.changeMachine(editor, 'm-1', { name: '2号機' })
    // Every change tells the members' shop search to read the shops again (one that changed nothing too).
    expect(directory.changes).toBe(7)

    const log = await entries()
    expect(log.map((entry) => [entry.action, entry.target, entry.actor.operatorId])).toEqual([
      ['booth.machine-model-created', { kind: 'machine-model', id: 'milky-star' }, editor.operatorId],
      ['booth.shop-created', { kind: 'shop', id: shop.id }, editor.operatorId],
      ['booth.shop-changed', { kind: 'shop', id: shop.id }, editor.operatorId],
      ['booth.machine-model-changed', { kind: 'machine-model', id: 'milky-star' }, admin.operatorId],
      ['booth.machine-created', { kind: 'machine', id: 'm-1' }, editor.operatorId],
      ['booth.machine-changed', { kind: 'machine', id: 'm-1' }, editor.operatorId],
    ])
    expect(log[1]).toMatchObject({
      at: TEST_NOW,
      before: null,
      after: {
        name: 'ゲームランド渋谷',
        prefectureCode: 13,
        prefectureName: '東京都',
        latitude: 35.6595,
        createdAt: TEST_NOW.toISOString(),
      },
      clientIp: '203.0.113.7',
    })
    expect(log[2]).toMatchObject({
      at: new Date(TEST_NOW.getTime() + MINUTE),
      reason: 'the shop closes earlier',
      before: { openingHours: '10:00～24:00' },
      after: { openingHours: '10:00～23:00' },
    })
    expect(log[3]).toMatchObject({
      before: { shots: 6, sampleCount: 0 },
      after: { shots: 4, sampleCount: 3 },
    })
    expect(log[5]).toMatchObject({ before: { name: 'ミルキースター' }, after: { name: '2号機' } })
  })

  it('refuses a taken id or twin shop, and an unknown shop, model or machine', async () => {
    const { service } = await setUp()
    await service.createModel(editor, MODEL)
    await expect(service.createModel(editor, MODEL)).rejects.toMatchObject({ code: 'MACHINE_MODEL_TAKEN' })
    const shop = await service.createShop(editor, SHOP)
    // The same shop written with full-width digits and spaces is the same shop.
    await expect(
      service.createShop(editor, {
        ...SHOP,
        name: 'ゲームランド渋谷 ',
        address: '道玄坂１-２-３',
        position: null,
      }),
    ).rejects.toMatchObject({ code: 'SHOP_TAKEN' })
    const other = await service.createShop(editor, { ...SHOP, address: '道玄坂9-9' })
    await expect(service.changeShop(editor, other.id, { address: '道玄坂1-2-3' })).rejects.toMatchObject({
      code: 'SHOP_TAKEN',
    })
    const nowhere = '00000000-0000-4000-8000-00000000dead'
    await expect(service.changeShop(editor, nowhere, { city: 'x' })).rejects.toMatchObject({
      code: 'SHOP_NOT_FOUND',
    })
    await expect(service.changeModel(editor, 'nope', { shots: 1 })).rejects.toMatchObject({
      code: 'MACHINE_NOT_FOUND',
    })
    await expect(
      service.createMachine(editor, nowhere, { id: 'm-1', modelId: MODEL.id }),
    ).rejects.toMatchObject({
      code: 'SHOP_NOT_FOUND',
    })
    await expect(
      service.createMachine(editor, shop.id, { id: 'm-1', modelId: 'nope' }),
    ).rejects.toMatchObject({
      code: 'MACHINE_NOT_FOUND',
    })
    await service.createMachine(editor, shop.id, { id: 'm-1', modelId: MODEL.id })
    await expect(
      service.createMachine(editor, other.id, { id: 'm-1', modelId: MODEL.id }),
    ).rejects.toMatchObject({
      code: 'BOOTH_MACHINE_TAKEN',
    })
    await expect(service.changeMachine(editor, 'm-2', { name: 'x' })).rejects.toMatchObject({
      code: 'BOOTH_MACHINE_NOT_FOUND',
    })
    await expect(service.changeMachine(editor, 'm-1', { shopId: nowhere })).rejects.toMatchObject({
      code: 'SHOP_NOT_FOUND',
    })
  })

  it('moves a machine to another shop and model, its series following the model', async () => {
    const { service } = await setUp()
    await service.createModel(editor, MODEL)
    await service.createModel(editor, { ...MODEL, id: 'hana-1', seriesId: 'hana', version: '3.0' })
    const shop = await service.createShop(editor, SHOP)
    const other = await service.createShop(editor, { ...SHOP, address: '道玄坂9-9' })
    const machine = await service.createMachine(editor, shop.id, { id: 'm-1', modelId: MODEL.id })
    expect(machine).toMatchObject({ name: 'ミルキースター', seriesId: 'milky', version: '1.0', liveKeys: 0 })
    const moved = await service.changeMachine(editor, 'm-1', { shopId: other.id, modelId: 'hana-1' })
    expect(moved).toMatchObject({ shopId: other.id, modelId: 'hana-1', seriesId: 'hana', version: '1.0' })
    expect((await service.shop(viewer, shop.id)).machineCount).toBe(0)
    expect((await service.shop(viewer, other.id)).machineCount).toBe(1)
  })

  it('lists shops a page at a time by prefecture, city and name, and finds them by part of a name or address', async () => {
    const { service } = await setUp()
    const names = ['E店', 'A店', 'C店', 'B店', 'D店']
    for (const name of names) await service.createShop(editor, { ...SHOP, name })
    await service.createShop(editor, { ...SHOP, name: 'Z店', prefectureCode: 1, city: '札幌市中央区' })
    await service.createShop(editor, { ...SHOP, name: '100%_店', city: '新宿区' })

    const seen: string[] = []
    let after: string | undefined
    for (let page = 0; page < 10; page++) {
      const found = await service.shops(viewer, { limit: 3, ...(after ? { after } : {}) })
      seen.push(...found.shops.map((s) => s.name))
      if (!found.next) break
      after = found.next
    }
    // Page by page, the same order as one long page: Hokkaido (1) before Tokyo (13), by city, by name.
    const all = (await service.shops(viewer, { limit: 100 })).shops.map((s) => s.name)
    expect(seen).toEqual(all)
    expect(all).toHaveLength(7)
    expect(all[0]).toBe('Z店')
    expect(all.filter((name) => /^[A-E]店$/.test(name))).toEqual(['A店', 'B店', 'C店', 'D店', 'E店'])

    const namesOf = async (query: Parameters<typeof service.shops>[1]) =>
      (await service.shops(viewer, query)).shops.map((s) => s.name)
    expect(await namesOf({ prefecture: 1, limit: 10 })).toEqual(['Z店'])
    expect(await namesOf({ city: '新宿区', limit: 10 })).toEqual(['100%_店'])
    // `%` and `_` are letters to look for, not patterns.
    expect(await namesOf({ q: '%_', limit: 10 })).toEqual(['100%_店'])
    expect((await namesOf({ q: '道玄坂', limit: 10 })).length).toBe(7)
    await expect(service.shops(viewer, { after: 'not-a-cursor', limit: 10 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
  })

  it("lists a shop's machines a page at a time, each with its live keys and when its last play arrived", async () => {
    const { db, service } = await setUp()
    await service.createModel(editor, MODEL)
    const shop = await service.createShop(editor, SHOP)
    for (const id of ['m-3', 'm-1', 'm-2'])
      await service.createMachine(editor, shop.id, { id, modelId: MODEL.id })
    await service.issueKey(admin, 'm-2')
    const played = new Date(TEST_NOW.getTime() - 5 * MINUTE)
    for (const [id, at] of [
      ['AAAAAAAAAA', new Date(TEST_NOW.getTime() - 60 * MINUTE)],
      ['BBBBBBBBBB', played],
    ] as const) {
      await db.insert(seals).values({
        id,
        machineId: 'm-2',
        shotAt: at,
        expiresAt: new Date(at.getTime() + 7 * 24 * 60 * MINUTE),
        createdAt: at,
      })
    }
    const first = await service.machines(viewer, shop.id, { limit: 2 })
    expect(first.machines.map((m) => [m.id, m.liveKeys, m.lastPushAt])).toEqual([
      ['m-1', 0, null],
      ['m-2', 1, played.toISOString()],
    ])
    const second = await service.machines(viewer, shop.id, { limit: 2, after: first.next! })
    expect(second).toMatchObject({ machines: [{ id: 'm-3' }], next: null })
    expect((await service.machine(viewer, 'm-2')).machine.lastPushAt).toBe(played.toISOString())
  })
})

describe('machine keys', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  async function withMachine() {
    const context = await setUp()
    await context.service.createModel(editor, MODEL)
    const shop = await context.service.createShop(editor, SHOP)
    await context.service.createMachine(editor, shop.id, { id: 'm-1', modelId: MODEL.id })
    return context
  }

  it('are issued and revoked by admins only', async () => {
    const { service } = await withMachine()
    for (const actor of [viewer, support, editor, member, job] as Actor[]) {
      await expect(service.issueKey(actor, 'm-1')).rejects.toMatchObject({ code: 'FORBIDDEN' })
    }
    const issued = await service.issueKey(admin, 'm-1')
    for (const actor of [viewer, support, editor, member, job] as Actor[]) {
      await expect(service.revokeKey(actor, 'm-1', issued.id, {})).rejects.toMatchObject({
        code: 'FORBIDDEN',
      })
    }
    await expect(service.issueKey(admin, 'm-9')).rejects.toMatchObject({ code: 'BOOTH_MACHINE_NOT_FOUND' })
    await expect(service.revokeKey(admin, 'm-1', '0123456789abcdef', {})).rejects.toMatchObject({
      code: 'MACHINE_KEY_NOT_FOUND',
    })
  })

  it('is shown once and kept only as its hash; the audit log has neither', async () => {
    const { db, service, entries } = await withMachine()
    const issued = await service.issueKey(admin, 'm-1')
    expect(issued).toEqual({
      id: machineKeyId(hashMachineKey(issued.key)),
      key: 'pbmk_first-key-of-the-test-000000000000000',
      createdAt: TEST_NOW.toISOString(),
      revokedAt: null,
    })
    const stored = await db.select().from(machineKeys)
    expect(stored).toEqual([
      { keyHash: hashMachineKey(issued.key), machineId: 'm-1', createdAt: TEST_NOW, revokedAt: null },
    ])
    // Read back, a key is its id and times, never the key.
    const detail = await service.machine(viewer, 'm-1')
    expect(detail.keys).toEqual([{ id: issued.id, createdAt: TEST_NOW.toISOString(), revokedAt: null }])
    expect(JSON.stringify(detail)).not.toContain(issued.key)
    expect(JSON.stringify(detail)).not.toContain(hashMachineKey(issued.key))

    const log = await entries()
    expect(log.at(-1)).toMatchObject({
      action: 'booth.machine-key-issued',
      target: { kind: 'machine', id: 'm-1' },
      after: { keyId: issued.id, createdAt: TEST_NOW.toISOString() },
    })
    const rows = JSON.stringify(await db.select().from(auditLog))
    expect(rows).not.toContain(issued.key)
    expect(rows).not.toContain(hashMachineKey(issued.key))
  })

  it('once revoked, no longer lets the booth in, at once; revoking again changes nothing', async () => {
    const { service, booth, clock, entries } = await withMachine()
    const old = await service.issueKey(admin, 'm-1')
    clock.advance(MINUTE)
    const fresh = await service.issueKey(admin, 'm-1')
    expect(await booth.machineIdForKeyHash(hashMachineKey(old.key))).toBe('m-1')
    clock.advance(MINUTE)
    const revoked = await service.revokeKey(admin, 'm-1', old.id, { reason: 'the booth was replaced' })
    const at = new Date(TEST_NOW.getTime() + 2 * MINUTE).toISOString()
    expect(revoked).toEqual({ id: old.id, createdAt: TEST_NOW.toISOString(), revokedAt: at })
    expect(await booth.machineIdForKeyHash(hashMachineKey(old.key))).toBeNull()
    expect(await booth.machineIdForKeyHash(hashMachineKey(fresh.key))).toBe('m-1')

    clock.advance(MINUTE)
    expect(await service.revokeKey(admin, 'm-1', old.id, {})).toEqual(revoked)
    expect((await service.machine(support, 'm-1')).keys.map((key) => [key.id, key.revokedAt])).toEqual([
      [fresh.id, null],
      [old.id, at],
    ])
    expect((await service.machine(support, 'm-1')).machine.liveKeys).toBe(1)
    const revocations = (await entries()).filter((entry) => entry.action === 'booth.machine-key-revoked')
    expect(revocations).toEqual([
      expect.objectContaining({
        reason: 'the booth was replaced',
        before: { keyId: old.id, revokedAt: null },
        after: { keyId: old.id, revokedAt: at },
      }),
    ])
  })
})

describe('importing a shops file', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  const shopCount = async (db: Awaited<ReturnType<typeof setUp>>['db']) =>
    (await db.select({ n: count() }).from(shops))[0]!.n

  it('writes every shop of a good file, each with its entry and one for the import', async () => {
    const { db, service, entries, directory } = await setUp()
    expect(await service.importShops(editor, Buffer.from(SHOPS_CSV))).toEqual({
      rows: 3,
      created: 3,
      changed: 0,
      unchanged: 0,
    })
    expect(directory.changes).toBe(1)
    const [sapporo] = await db.select().from(shops).where(eq(shops.prefectureCode, 1))
    expect(sapporo).toMatchObject({ name: 'フォトスポット札幌', prefectureName: '北海道', latitude: 43.0587 })
    const log = await entries()
    expect(log.map((entry) => entry.action)).toEqual([
      'booth.shop-created',
      'booth.shop-created',
      'booth.shop-created',
      'booth.shops-imported',
    ])
    expect(log[3]).toMatchObject({
      target: { kind: 'shop-import' },
      after: { rows: 3, created: 3, changed: 0, unchanged: 0 },
      actor: { kind: 'operator', operatorId: editor.operatorId },
    })
    expect(log[3]!.target.id).toMatch(/^[0-9a-f]{64}$/)
  })

  it('reads UTF-8 with a byte order mark and Shift_JIS as the same shops: importing again duplicates nothing', async () => {
    const { db, service } = await setUp()
    await service.importShops(
      editor,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SHOPS_CSV)]),
    )
    expect(await service.importShops(admin, encodeShiftJis(SHOPS_CSV))).toEqual({
      rows: 3,
      created: 0,
      changed: 0,
      unchanged: 3,
    })
    expect(await service.importShops(editor, Buffer.from(SHOPS_CSV))).toMatchObject({
      created: 0,
      unchanged: 3,
    })
    expect(await shopCount(db)).toBe(3)
  })

  it("changes a known shop's hours and position and adds the new ones", async () => {
    const { db, service, entries } = await setUp()
    await service.importShops(editor, Buffer.from(SHOPS_CSV))
    const changed = SHOPS_CSV.replace(
      '10:00～24:00,35.6595,139.7005',
      '09:00～24:00,35.6596,139.7005',
    ).concat('\r\nプリ館 名古屋,23,愛知県,名古屋市中区,栄3-1,,,')
    expect(await service.importShops(editor, Buffer.from(changed))).toEqual({
      rows: 4,
      created: 1,
      changed: 1,
      unchanged: 2,
    })
    expect(await shopCount(db)).toBe(4)
    const change = (await entries()).find((entry) => entry.action === 'booth.shop-changed')
    expect(change).toMatchObject({
      before: { openingHours: '10:00～24:00', latitude: 35.6595 },
      after: { openingHours: '09:00～24:00', latitude: 35.6596 },
    })
    expect(Object.keys(change!.after as object).sort()).toEqual(['latitude', 'openingHours'])
  })

  it('refuses a file with a bad row whole: every problem with its row, column and code, nothing written', async () => {
    const { db, service, entries } = await setUp()
    const bad = `${SHOPS_CSV}\r\nプリ館 横浜,14,東京都,横浜市西区,南幸1-1,,35.46,\r\n,13,東京都,新宿区,歌舞伎町1-1,,,`
    const refusal = await service.importShops(editor, Buffer.from(bad)).catch((error: unknown) => error)
    expect(refusal).toMatchObject({
      code: 'SHOP_IMPORT_INVALID',
      details: {
        importProblems: [
          { row: 5, column: 'prefectureName', code: 'PREFECTURE_NAME_MISMATCH' },
          { row: 5, column: 'longitude', code: 'POSITION_INCOMPLETE' },
          { row: 6, column: 'name', code: 'REQUIRED' },
        ],
      },
    })
    expect(await shopCount(db)).toBe(0)
    expect(await entries()).toEqual([])
  })
})
