import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { sha256 } from '../../crypto/hash'
import type { Database } from '../../db/client'
import type { EventBus } from '../events'
import { seals } from '../seals/seals.schema'
import type { ChangeContext } from './booth.events'
import type {
  MachineInsert,
  MachineModelInsert,
  MachineModelRow,
  ShopInsert,
  ShopRow,
} from './booth.repository'
import { machineKeys, machineModels, machines, shops } from './booth.schema'
import { type ImportedShop, shopKey } from './shop-import'

/**
 * What the operators' console writes about booths: machine models, shops, machines and machine
 * keys. Each change is one transaction that also emits its event (`booth.events.ts`), with the
 * changed fields before and after, so the audit log records it with the change or not at all.
 */

/** The fields of a shop an operator gives (its id and creation time are the database's). */
export type ShopFields = Omit<ShopInsert, 'id' | 'createdAt'>
export type ModelFields = Omit<MachineModelInsert, 'id' | 'createdAt'>
export type MachineFields = Pick<MachineInsert, 'shopId' | 'modelId' | 'name' | 'seriesId' | 'version'>

export type AdminShopRow = ShopRow & { machineCount: number }
export type AdminMachineRow = typeof machines.$inferSelect & { liveKeys: number; lastPushAt: Date | null }
export type MachineKeyRow = Omit<typeof machineKeys.$inferSelect, 'machineId'>

/** Where a page of shops continues from: the last shop of the page before, by the list's order. */
export type ShopCursor = [prefectureCode: number, city: string, name: string, id: string]

export interface ShopSearch {
  q?: string | undefined
  prefecture?: number | undefined
  city?: string | undefined
  after?: ShopCursor | undefined
  limit: number
}

/**
 * The id the console names a machine key by. The key is shown once and only its SHA-256 is kept,
 * and the hash is what a key is looked up by, so neither is shown: this is a hash of the hash, cut
 * short, from which neither can be had. Keys made before the console have one all the same.
 */
export function machineKeyId(keyHash: string): string {
  return sha256(`machine-key-id:${keyHash}`, 'hex').slice(0, 16)
}

/** The fields whose values differ, as they were and as they are; dates as ISO 8601 text. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {}
  const is: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue
    const old = before[key]
    const same =
      old instanceof Date && value instanceof Date ? old.getTime() === value.getTime() : old === value
    if (same) continue
    was[key] = old instanceof Date ? old.toISOString() : old
    is[key] = value instanceof Date ? value.toISOString() : value
  }
  return Object.keys(is).length === 0 ? null : { before: was, after: is }
}

/** A row as an event's `after` when it is new: every field an operator gave, dates as text. */
function created(row: Record<string, unknown>, leaveOut: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !leaveOut.includes(key))
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  )
}

/**
 * Shops are told apart by their key (`shopKey`), which no index can hold: creating, changing and
 * importing shops take this lock for their transaction, so two of them at once cannot both find a
 * shop missing and both write it.
 */
const SHOP_WRITE_LOCK = 0x5b_00_70_01

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function createBoothAdminRepository(db: Database, events: EventBus) {
  // Written out, the outer table named: inside a one-table select Drizzle leaves columns
  // unqualified, and `id` would be read as the subquery's own.
  const machineCount = sql<number>`(select count(*) from machines m where m.shop_id = shops.id)`.mapWith(
    Number,
  )
  const liveKeys =
    sql<number>`(select count(*) from machine_keys k where k.machine_id = machines.id and k.revoked_at is null)`.mapWith(
      Number,
    )
  // Plays are the seals module's; reading them changes nothing. A play whose seal expired unsaved
  // is gone, so a machine silent for longer than a seal lives shows none.
  const lastPushAt =
    sql<Date | null>`(select max(s.created_at) from seals s where s.machine_id = machines.id)`.mapWith(
      seals.createdAt,
    )
  const adminShop = { ...getTableColumns(shops), machineCount }
  const adminMachine = {
    id: machines.id,
    shopId: machines.shopId,
    modelId: machines.modelId,
    name: machines.name,
    seriesId: machines.seriesId,
    version: machines.version,
    createdAt: machines.createdAt,
    liveKeys,
    lastPushAt,
  }

  async function lockShops(tx: Database): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${SHOP_WRITE_LOCK})`)
  }

  /** Another shop with the same key as `shop`, if there is one. */
  async function sameShop(tx: Database, shop: ShopFields, except: string | null): Promise<string | null> {
    const key = shopKey(shop)
    const candidates = await tx
      .select({
        id: shops.id,
        name: shops.name,
        prefectureCode: shops.prefectureCode,
        city: shops.city,
        address: shops.address,
      })
      .from(shops)
      .where(eq(shops.prefectureCode, shop.prefectureCode))
    return candidates.find((other) => other.id !== except && shopKey(other) === key)?.id ?? null
  }

  return {
    async listModels(): Promise<MachineModelRow[]> {
      return db.select().from(machineModels).orderBy(desc(machineModels.releasedOn), asc(machineModels.id))
    },

    async findModel(id: string): Promise<MachineModelRow | null> {
      const [row] = await db.select().from(machineModels).where(eq(machineModels.id, id)).limit(1)
      return row ?? null
    },

    /** The new model; null when a model has this id. */
    async createModel(
      id: string,
      fields: ModelFields,
      change: ChangeContext,
    ): Promise<MachineModelRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(machineModels)
          .values({ ...fields, id, createdAt: change.at })
          .onConflictDoNothing()
          .returning()
        if (!row) return null
        await events.emit(tx, 'booth.machine-model-created', {
          ...change,
          target: { kind: 'machine-model', id },
          after: created(row),
          payload: { modelId: id },
        })
        return row
      })
    },

    /** The model as changed; null when there is none. */
    async changeModel(
      id: string,
      patch: Partial<ModelFields>,
      change: ChangeContext,
    ): Promise<MachineModelRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(machineModels).where(eq(machineModels.id, id)).for('update')
        if (!row) return null
        const diff = changedFields(row, patch)
        if (!diff) return row
        const [changed] = await tx
          .update(machineModels)
          .set(patch)
          .where(eq(machineModels.id, id))
          .returning()
        await events.emit(tx, 'booth.machine-model-changed', {
          ...change,
          target: { kind: 'machine-model', id },
          ...diff,
          payload: { modelId: id },
        })
        return changed!
      })
    },

    /**
     * A page of shops by prefecture, city and name, one more than `limit` so the caller knows
     * whether another page follows. `q` is looked for in the name, the city and the address.
     */
    async listShops(search: ShopSearch): Promise<AdminShopRow[]> {
      const conditions: SQL[] = []
      if (search.prefecture !== undefined) conditions.push(eq(shops.prefectureCode, search.prefecture))
      if (search.city) conditions.push(eq(shops.city, search.city))
      if (search.q) {
        const pattern = likePattern(search.q)
        conditions.push(
          or(ilike(shops.name, pattern), ilike(shops.city, pattern), ilike(shops.address, pattern))!,
        )
      }
      if (search.after) {
        const [code, city, name, id] = search.after
        conditions.push(
          sql`(${shops.prefectureCode}, ${shops.city}, ${shops.name}, ${shops.id}) > (${code}, ${city}, ${name}, ${id}::uuid)`,
        )
      }
      return db
        .select(adminShop)
        .from(shops)
        .where(and(...conditions))
        .orderBy(asc(shops.prefectureCode), asc(shops.city), asc(shops.name), asc(shops.id))
        .limit(search.limit + 1)
    },

    async findShop(id: string): Promise<AdminShopRow | null> {
      const [row] = await db.select(adminShop).from(shops).where(eq(shops.id, id)).limit(1)
      return row ?? null
    },

    /** The new shop, or `taken` when a shop with the same name and address exists. */
    async createShop(fields: ShopFields, change: ChangeContext): Promise<ShopRow | 'taken'> {
      return db.transaction(async (tx) => {
        await lockShops(tx)
        if (await sameShop(tx, fields, null)) return 'taken'
        const [row] = await tx
          .insert(shops)
          .values({ ...fields, createdAt: change.at })
          .returning()
        await events.emit(tx, 'booth.shop-created', {
          ...change,
          target: { kind: 'shop', id: row!.id },
          after: created(row!, ['id']),
          payload: { shopId: row!.id },
        })
        return row!
      })
    },

    /** The shop as changed; null when there is none, `taken` when it would become another's twin. */
    async changeShop(
      id: string,
      patch: Partial<ShopFields>,
      change: ChangeContext,
    ): Promise<ShopRow | null | 'taken'> {
      return db.transaction(async (tx) => {
        await lockShops(tx)
        const [row] = await tx.select().from(shops).where(eq(shops.id, id)).for('update')
        if (!row) return null
        const diff = changedFields(row, patch)
        if (!diff) return row
        if (await sameShop(tx, { ...row, ...patch }, id)) return 'taken'
        const [changed] = await tx.update(shops).set(patch).where(eq(shops.id, id)).returning()
        await events.emit(tx, 'booth.shop-changed', {
          ...change,
          target: { kind: 'shop', id },
          ...diff,
          payload: { shopId: id },
        })
        return changed!
      })
    },

    /**
     * A checked shops file, all of it or nothing: a shop not there yet (by `shopKey`) is created, one
     * that is there takes the file's values where they differ, and the rest is left as it is. Each
     * shop created or changed has its own event, and the import one more, named by the file's hash.
     */
    async importShops(
      file: { sha256: string; shops: readonly ImportedShop[] },
      change: ChangeContext,
    ): Promise<{ created: number; changed: number; unchanged: number }> {
      return db.transaction(async (tx) => {
        await lockShops(tx)
        const prefectures = [...new Set(file.shops.map((shop) => shop.prefectureCode))]
        const existing = await tx
          .select()
          .from(shops)
          .where(inArray(shops.prefectureCode, prefectures))
          .orderBy(asc(shops.createdAt), asc(shops.id))
        const byKey = new Map<string, ShopRow>()
        // Should two shops already share a key, the oldest is the one a file changes.
        for (const row of existing) if (!byKey.has(shopKey(row))) byKey.set(shopKey(row), row)

        const toCreate: ShopFields[] = []
        let changedCount = 0
        for (const { row: _row, ...fields } of file.shops) {
          const found = byKey.get(shopKey(fields))
          if (!found) {
            toCreate.push(fields)
            continue
          }
          const diff = changedFields(found, fields)
          if (!diff) continue
          await tx.update(shops).set(fields).where(eq(shops.id, found.id))
          await events.emit(tx, 'booth.shop-changed', {
            ...change,
            target: { kind: 'shop', id: found.id },
            ...diff,
            payload: { shopId: found.id },
          })
          changedCount++
        }
        for (let at = 0; at < toCreate.length; at += INSERT_BATCH) {
          const rows = await tx
            .insert(shops)
            .values(
              toCreate.slice(at, at + INSERT_BATCH).map((fields) => ({ ...fields, createdAt: change.at })),
            )
            .returning()
          for (const row of rows) {
            await events.emit(tx, 'booth.shop-created', {
              ...change,
              target: { kind: 'shop', id: row.id },
              after: created(row, ['id']),
              payload: { shopId: row.id },
            })
          }
        }
        const counts = {
          rows: file.shops.length,
          created: toCreate.length,
          changed: changedCount,
          unchanged: file.shops.length - toCreate.length - changedCount,
        }
        await events.emit(tx, 'booth.shops-imported', {
          ...change,
          target: { kind: 'shop-import', id: file.sha256 },
          after: counts,
          payload: counts,
        })
        return counts
      })
    },

    /** A page of a shop's machines by id, one more than `limit`. */
    async listMachines(shopId: string, after: string | undefined, limit: number): Promise<AdminMachineRow[]> {
      return db
        .select(adminMachine)
        .from(machines)
        .where(and(eq(machines.shopId, shopId), after === undefined ? undefined : gt(machines.id, after)))
        .orderBy(asc(machines.id))
        .limit(limit + 1)
    },

    async findMachine(id: string): Promise<AdminMachineRow | null> {
      const [row] = await db.select(adminMachine).from(machines).where(eq(machines.id, id)).limit(1)
      return row ?? null
    },

    /** The new machine; null when a machine has this id. Its shop and model exist. */
    async createMachine(
      id: string,
      fields: MachineFields,
      change: ChangeContext,
    ): Promise<typeof machines.$inferSelect | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(machines)
          .values({ ...fields, id, createdAt: change.at })
          .onConflictDoNothing()
          .returning()
        if (!row) return null
        await events.emit(tx, 'booth.machine-created', {
          ...change,
          target: { kind: 'machine', id },
          after: created(row),
          payload: { machineId: id, shopId: row.shopId },
        })
        return row
      })
    },

    /** The machine as changed; null when there is none. A new shop or model exists. */
    async changeMachine(
      id: string,
      patch: Partial<MachineFields>,
      change: ChangeContext,
    ): Promise<typeof machines.$inferSelect | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(machines).where(eq(machines.id, id)).for('update')
        if (!row) return null
        const diff = changedFields(row, patch)
        if (!diff) return row
        const [changed] = await tx.update(machines).set(patch).where(eq(machines.id, id)).returning()
        await events.emit(tx, 'booth.machine-changed', {
          ...change,
          target: { kind: 'machine', id },
          ...diff,
          payload: { machineId: id },
        })
        return changed!
      })
    },

    /** A machine's keys, the newest first. */
    async machineKeys(machineId: string): Promise<MachineKeyRow[]> {
      return db
        .select({
          keyHash: machineKeys.keyHash,
          createdAt: machineKeys.createdAt,
          revokedAt: machineKeys.revokedAt,
        })
        .from(machineKeys)
        .where(eq(machineKeys.machineId, machineId))
        .orderBy(desc(machineKeys.createdAt), asc(machineKeys.keyHash))
    },

    /** Keeps a new key's hash for the machine (which exists); the event names it by its id. */
    async issueKey(machineId: string, keyHash: string, change: ChangeContext): Promise<MachineKeyRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(machineKeys)
          .values({ keyHash, machineId, createdAt: change.at })
          .returning({
            keyHash: machineKeys.keyHash,
            createdAt: machineKeys.createdAt,
            revokedAt: machineKeys.revokedAt,
          })
        const keyId = machineKeyId(keyHash)
        await events.emit(tx, 'booth.machine-key-issued', {
          ...change,
          target: { kind: 'machine', id: machineId },
          after: { keyId, createdAt: change.at.toISOString() },
          payload: { machineId, keyId },
        })
        return row!
      })
    },

    /**
     * Revokes the machine's key of this id: from the commit on, the booth's pushes with it are
     * refused (the key is looked up at every push). A key revoked before stays as it was, with no
     * second event. Null when the machine has no such key.
     */
    async revokeKey(machineId: string, keyId: string, change: ChangeContext): Promise<MachineKeyRow | null> {
      return db.transaction(async (tx) => {
        const keys = await tx
          .select({
            keyHash: machineKeys.keyHash,
            createdAt: machineKeys.createdAt,
            revokedAt: machineKeys.revokedAt,
          })
          .from(machineKeys)
          .where(eq(machineKeys.machineId, machineId))
          .for('update')
        const key = keys.find((row) => machineKeyId(row.keyHash) === keyId)
        if (!key) return null
        if (key.revokedAt) return key
        const [revoked] = await tx
          .update(machineKeys)
          .set({ revokedAt: change.at })
          .where(and(eq(machineKeys.keyHash, key.keyHash), isNull(machineKeys.revokedAt)))
          .returning({
            keyHash: machineKeys.keyHash,
            createdAt: machineKeys.createdAt,
            revokedAt: machineKeys.revokedAt,
          })
        await events.emit(tx, 'booth.machine-key-revoked', {
          ...change,
          target: { kind: 'machine', id: machineId },
          before: { keyId, revokedAt: null },
          after: { keyId, revokedAt: change.at.toISOString() },
          payload: { machineId, keyId },
        })
        return revoked!
      })
    },
  }
}

/** Shops per INSERT of an import: well under PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 500

export type BoothAdminRepository = ReturnType<typeof createBoothAdminRepository>
