import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { machineKeys, machines, shops } from './booth.schema'

export function createBoothRepository(db: Database) {
  return {
    /**
     * A shop, its machine and a key of the machine, unless the machine exists (the demo seed runs
     * at every start; what exists is left as it is).
     */
    async ensureMachine(input: {
      shop: { name: string; prefectureName: string; address: string }
      machine: { id: string; name: string; seriesId: string; version: string }
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
  }
}

export type BoothRepository = ReturnType<typeof createBoothRepository>
