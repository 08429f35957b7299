import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import type { MemberActor, OperatorActor } from '../actor'
import { systemActor } from '../actor'
import { createEventBus } from '../events'
import { createAuditRepository } from './audit.repository'
import { auditLog } from './audit.schema'
import { createAuditService } from './audit.service'

declare module '../events' {
  interface DomainEvents {
    'test.member-changed': { memberId: string }
  }
}

const admin: OperatorActor = {
  kind: 'operator',
  operatorId: '00000000-0000-4000-8000-000000000001',
  role: 'admin',
  ip: '203.0.113.7',
}
const viewer: OperatorActor = { ...admin, operatorId: '00000000-0000-4000-8000-000000000002', role: 'viewer' }
const member: MemberActor = {
  kind: 'member',
  accountId: 'a1',
  membership: 'MINI',
  sessionHash: 'h',
  ip: '198.51.100.1',
}
const DAY = 24 * 60 * 60 * 1000

async function setUp() {
  const { db } = await testDatabase()
  const audit = createAuditService({ repo: createAuditRepository(db) })
  const bus = createEventBus()
  bus.onEvery('audit', audit.recordEvent)
  const emit = (
    actor: OperatorActor | MemberActor | ReturnType<typeof systemActor>,
    at: Date,
    memberId = 'm1',
  ) =>
    db.transaction((tx) =>
      bus.emit(tx, 'test.member-changed', {
        actor,
        at,
        target: { kind: 'account', id: memberId },
        reason: 'reported by a shop',
        before: { nickname: 'さくら', mailAddress: 'sakura@example.jp', penalty: 'GREEN' },
        after: { nickname: 'さくら', mailAddress: 'sakura@example.jp', penalty: 'RED' },
        payload: { memberId },
      }),
    )
  return { db, audit, bus, emit }
}

/** The database's own clock: the triggers judge an entry's age by it, not by the test clock. */
async function databaseNow(db: Database): Promise<Date> {
  const result = await db.execute(sql`select now() as now`)
  return new Date((result as unknown as { rows: Array<{ now: string | Date }> }).rows[0]!.now)
}

describe('the audit log', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it("records an operator's and the system's changes in the change's transaction, never a member's own", async () => {
    const { audit, emit } = await setUp()
    await emit(admin, TEST_NOW)
    await emit(systemActor('penalty sweep'), new Date(TEST_NOW.getTime() + 1000))
    await emit(member, new Date(TEST_NOW.getTime() + 2000))
    const page = await audit.search(admin, { limit: 10 })
    expect(page.next).toBeNull()
    expect(page.entries.map((entry) => entry.actor)).toEqual([
      { kind: 'system', operatorId: null, operatorMailAddress: null, job: 'penalty sweep' },
      // No such operator in this test's database: the entry stands without its mail address.
      { kind: 'operator', operatorId: admin.operatorId, operatorMailAddress: null, job: null },
    ])
    expect(page.entries[1]).toMatchObject({
      at: TEST_NOW,
      action: 'test.member-changed',
      target: { kind: 'account', id: 'm1' },
      reason: 'reported by a shop',
      before: { penalty: 'GREEN', mailAddress: 'sakura@example.jp' },
      after: { penalty: 'RED' },
      clientIp: '203.0.113.7',
    })
  })

  it('writes nothing when the change is rolled back', async () => {
    const { db, audit, bus } = await setUp()
    await expect(
      db.transaction(async (tx) => {
        await bus.emit(tx, 'test.member-changed', {
          actor: admin,
          at: TEST_NOW,
          target: { kind: 'account', id: 'm1' },
          payload: { memberId: 'm1' },
        })
        throw new Error('the change failed after its event')
      }),
    ).rejects.toThrow('the change failed')
    expect((await audit.search(admin, { limit: 10 })).entries).toEqual([])
  })

  it('masks personal data for a viewer, and shows it to the other roles', async () => {
    const { audit, emit } = await setUp()
    await emit(admin, TEST_NOW)
    const [seen] = (await audit.search(viewer, { limit: 1 })).entries
    expect(seen).toMatchObject({
      before: { nickname: '***', mailAddress: '***', penalty: 'GREEN' },
      after: { nickname: '***', mailAddress: '***', penalty: 'RED' },
      clientIp: '***',
      target: { kind: 'account', id: 'm1' },
    })
    const [full] = (await audit.search({ ...admin, role: 'support' }, { limit: 1 })).entries
    expect(full?.after).toEqual({ nickname: 'さくら', mailAddress: 'sakura@example.jp', penalty: 'RED' })
  })

  it('is read by operators only', async () => {
    const { audit } = await setUp()
    await expect(audit.search(member, { limit: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(audit.search(systemActor('x'), { limit: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })

  it('searches by operator, target, action and date, newest first, a page at a time', async () => {
    const { audit, emit } = await setUp()
    for (let i = 0; i < 5; i++) await emit(admin, new Date(TEST_NOW.getTime() + i * DAY), `m${i}`)
    await emit(viewer, new Date(TEST_NOW.getTime() + 2 * DAY), 'm9')
    // Two entries at the same instant are told apart by their id.
    await emit(admin, new Date(TEST_NOW.getTime() + 2 * DAY), 'm8')
    const ids = (entries: { target: { id: string } }[]) => entries.map((entry) => entry.target.id)

    const first = await audit.search(admin, { operatorId: admin.operatorId, limit: 2 })
    expect(ids(first.entries)).toEqual(['m4', 'm3'])
    const second = await audit.search(admin, { operatorId: admin.operatorId, limit: 2, after: first.next! })
    expect(ids(second.entries)).toEqual(['m8', 'm2'])
    const third = await audit.search(admin, { operatorId: admin.operatorId, limit: 2, after: second.next! })
    expect(ids(third.entries)).toEqual(['m1', 'm0'])
    expect(third.next).toBeNull()

    expect(
      ids((await audit.search(admin, { targetKind: 'account', targetId: 'm9', limit: 9 })).entries),
    ).toEqual(['m9'])
    expect((await audit.search(admin, { action: 'other.action', limit: 9 })).entries).toEqual([])
    const window = await audit.search(admin, {
      from: new Date(TEST_NOW.getTime() + DAY),
      until: new Date(TEST_NOW.getTime() + 3 * DAY),
      limit: 9,
    })
    expect(ids(window.entries).sort()).toEqual(['m1', 'm2', 'm8', 'm9'])
  })

  it('removes entries older than two years, and records that it did', async () => {
    const { audit, emit } = await setUp()
    const old = new Date(TEST_NOW)
    old.setUTCFullYear(old.getUTCFullYear() - 2)
    await emit(admin, new Date(old.getTime() - DAY), 'gone')
    await emit(admin, new Date(old.getTime() + DAY), 'kept')
    expect(await audit.removeExpired(TEST_NOW)).toBe(1)
    const entries = (await audit.search(admin, { limit: 9 })).entries
    expect(entries.map((entry) => [entry.action, entry.target.id])).toEqual([
      ['audit.expired-removed', 'audit-log'],
      ['test.member-changed', 'kept'],
    ])
    expect(entries[0]).toMatchObject({
      actor: { kind: 'system', job: 'audit log retention' },
      after: { removed: 1, before: old.toISOString() },
    })
    expect(await audit.removeExpired(TEST_NOW)).toBe(0)
  })
})

/** The triggers' refusal, wherever the driver or Drizzle put it: insufficient_privilege and its words. */
async function refused(change: Promise<unknown>): Promise<void> {
  const error = await change.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  let found = false
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (code === '42501' && String(message).includes('append-only')) found = true
  }
  expect(found, `expected the triggers to refuse, got ${String(error)}`).toBe(true)
}

describe('the database keeps the audit log append-only', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  async function entryAt(db: Database, at: Date): Promise<void> {
    await db.insert(auditLog).values({
      at,
      actorKind: 'system',
      job: 'test',
      action: 'test.entry',
      targetKind: 'thing',
      targetId: 't',
    })
  }

  it('refuses to change an entry', async () => {
    const { db } = await setUp()
    await entryAt(db, await databaseNow(db))
    await refused(db.update(auditLog).set({ reason: 'rewritten' }))
    // Nor made old enough to delete.
    await refused(db.execute(sql`update audit_log set at = at - interval '3 years'`))
  })

  it('refuses to delete an entry younger than two years by its own clock, whatever the application asks', async () => {
    const { db } = await setUp()
    const now = await databaseNow(db)
    const almostTwoYears = new Date(now.getTime() - (2 * 365 - 2) * DAY)
    await entryAt(db, almostTwoYears)
    await refused(db.delete(auditLog))
    await refused(db.execute(sql`truncate audit_log`))
    expect(await db.select().from(auditLog)).toHaveLength(1)
  })

  it('lets an entry older than two years go', async () => {
    const { db } = await setUp()
    const now = await databaseNow(db)
    await entryAt(db, new Date(now.getTime() - (2 * 366 + 1) * DAY))
    await db.delete(auditLog)
    expect(await db.select().from(auditLog)).toEqual([])
  })
})
