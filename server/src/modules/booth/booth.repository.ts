import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { machineKeys, machineModels, machines, shops } from './booth.schema'

export type ShopRow = typeof shops.$inferSelect
export type ShopInsert = typeof shops.$inferInsert
export type MachineModelRow = typeof machineModels.$inferSelect
export type MachineModelInsert = typeof machineModels.$inferInsert
export type MachineInsert = typeof machines.$inferInsert

/** Rows per INSERT of a seed: well under PostgreSQL's 65,535 parameters for every table here. */
const BATCH = 500

async function inBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += BATCH) await write(rows.slice(at, at + BATCH))
}

export function createBoothRepository(db: Database) {
  return {
    /**
     * A shop, its machine and a key of the machine, unless the machine exists (the demo seed runs
     * at every start; what exists is left as it is).
     */
    async ensureMachine(input: {
      shop: Omit<ShopInsert, 'id' | 'createdAt'>
      machine: { id: string; modelId: string | null; name: string; seriesId: string; version: string }
      keyHash: string
    }): Promise<void> {
      const [existing] = await db.select().from(machines).where(eq(machines.id, input.machine.id)).limit(1)
      if (!existing) {
        const [shop] = await db.insert(shops).values(input.shop).returning()
        await db.insert(machines).values({ ...input.machine, shopId: shop!.id })
      }
      await db
        .insert(machineKeys)
        .values({ keyHash: input.keyHash, machineId: input.machine.id })
        .onConflictDoNothing()
    },

    /** The machine a live (not revoked) key belongs to. */
    async machineIdForKeyHash(keyHash: string): Promise<string | null> {
      const [row] = await db
        .select({ machineId: machineKeys.machineId })
        .from(machineKeys)
        .where(and(eq(machineKeys.keyHash, keyHash), isNull(machineKeys.revokedAt)))
        .limit(1)
      return row?.machineId ?? null
    },

    /**
     * Fills in what a machine and its shop lacked before models and shop details existed (a demo
     * machine from an older database): its model, and the shop's city, hours and position.
     */
    async completeMachine(input: {
      machineId: string
      modelId: string
      shop: Pick<ShopInsert, 'city' | 'address' | 'openingHours' | 'latitude' | 'longitude'>
    }): Promise<void> {
      const [machine] = await db
        .update(machines)
        .set({ modelId: input.modelId })
        .where(and(eq(machines.id, input.machineId), isNull(machines.modelId)))
        .returning({ shopId: machines.shopId })
      if (machine) {
        await db
          .update(shops)
          .set(input.shop)
          .where(and(eq(shops.id, machine.shopId), isNull(shops.latitude)))
      }
    },

    /** Writes the models whose ids are not there yet; the others stay as they are. */
    async insertMissingModels(rows: readonly MachineModelInsert[]): Promise<void> {
      if (rows.length > 0)
        await db
          .insert(machineModels)
          .values([...rows])
          .onConflictDoNothing()
    },

    /** Whether a machine of this id exists (the demo seed's mark that its shops are written). */
    async machineExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: machines.id }).from(machines).where(eq(machines.id, id)).limit(1)
      return row !== undefined
    },

    /**
     * Shops and their machines, in batches, in one transaction: all of them or none. Each machine
     * names its shop by the shop's place in `shops`.
     */
    async insertShops(
      shopRows: readonly Omit<ShopInsert, 'id' | 'createdAt'>[],
      machineRows: ReadonlyArray<Omit<MachineInsert, 'shopId' | 'createdAt'> & { shop: number }>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const ids: string[] = []
        await inBatches(shopRows, async (batch) => {
          const written = await tx.insert(shops).values(batch).returning({ id: shops.id })
          ids.push(...written.map((row) => row.id))
        })
        await inBatches(machineRows, (batch) =>
          tx
            .insert(machines)
            .values(batch.map(({ shop, ...machine }) => ({ ...machine, shopId: ids[shop]! })))
            .onConflictDoNothing(),
        )
      })
    },

    /** What the shop directory is built from: every shop, every model, and which model each machine is. */
    async directorySource() {
      const [shopRows, machineRows, models] = await Promise.all([
        db
          .select({
            id: shops.id,
            name: shops.name,
            prefectureCode: shops.prefectureCode,
            prefectureName: shops.prefectureName,
            city: shops.city,
            address: shops.address,
            openingHours: shops.openingHours,
            latitude: shops.latitude,
            longitude: shops.longitude,
          })
          .from(shops),
        db
          .selectDistinct({ shopId: machines.shopId, modelId: sql<string>`${machines.modelId}` })
          .from(machines)
          .where(isNotNull(machines.modelId)),
        // The newest first: the machine list's order.
        db.select().from(machineModels).orderBy(desc(machineModels.releasedOn), asc(machineModels.id)),
      ])
      return { shops: shopRows, machines: machineRows, models }
    },

    /** How many models there are (the demo seed writes its models once). */
    async modelCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(machineModels)
      return row?.n ?? 0
    },
  }
}

export type BoothRepository = ReturnType<typeof createBoothRepository>
