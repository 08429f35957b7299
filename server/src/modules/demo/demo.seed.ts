import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { machineKeys, machines, shops } from '../../db/schema'
import { hashMachineKey } from '../booth/booth.service'

export const DEMO_MACHINE_ID = 'demo-machine-1'
export const DEMO_BOOTH_KEY = 'dev-booth-key'

/** Development data: a shop, a machine and the booth key `dev-booth-key`. Safe to run at every start. */
export async function seedDemo(db: Database): Promise<void> {
  const [existing] = await db.select().from(machines).where(eq(machines.id, DEMO_MACHINE_ID)).limit(1)
  if (!existing) {
    const [shop] = await db
      .insert(shops)
      .values({
        name: 'プリボックス 渋谷センター街店',
        prefectureName: '東京都',
        address: '東京都渋谷区宇田川町',
      })
      .returning()
    await db.insert(machines).values({
      id: DEMO_MACHINE_ID,
      shopId: shop!.id,
      name: 'ミルキーガール',
      seriesId: 'milky',
      version: '2.1',
    })
  }
  await db
    .insert(machineKeys)
    .values({ keyHash: hashMachineKey(DEMO_BOOTH_KEY), machineId: DEMO_MACHINE_ID })
    .onConflictDoNothing()
}
