import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { accounts, machineKeys, machines, shops } from '../../db/schema'
import { hashPassword } from '../auth/passwords'
import { hashMachineKey } from '../booth/booth.service'
import { createPoliciesRepository } from '../policies/policies.repository'

export const DEMO_MACHINE_ID = 'demo-machine-1'
export const DEMO_BOOTH_KEY = 'dev-booth-key'
export const DEMO_PASSWORD = 'puribox-demo-1'

/** The demo accounts of DESIGN §5b. */
export const DEMO_ACCOUNTS = [
  { mailAddress: 'mini@demo.puribox.jp', membershipStatus: 'MINI', official: false },
  // Premium by credit card: the payment record comes with the premium issue.
  { mailAddress: 'premium@demo.puribox.jp', membershipStatus: 'PREMIUM', official: false },
  { mailAddress: 'official@demo.puribox.jp', membershipStatus: 'MINI', official: true },
] as const

/**
 * Development data: a shop, a machine, the booth key `dev-booth-key` and the demo accounts (password
 * `puribox-demo-1`), which have agreed to the policies in force. Safe to run at every start: what
 * exists is left as it is (a policy published later is for the demo accounts to agree to, like anyone).
 */
export async function seedDemo(db: Database, now = new Date()): Promise<void> {
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

  const seeded = await db
    .select({ mailAddress: accounts.mailAddress })
    .from(accounts)
    .where(
      inArray(
        accounts.mailAddress,
        DEMO_ACCOUNTS.map((demo) => demo.mailAddress),
      ),
    )
  const known = new Set(seeded.map((row) => row.mailAddress))
  const missing = DEMO_ACCOUNTS.filter((demo) => !known.has(demo.mailAddress))
  if (missing.length > 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    const created = await db
      .insert(accounts)
      .values(missing.map((demo) => ({ ...demo, passwordHash })))
      .onConflictDoNothing({ target: accounts.mailAddress })
      .returning({ id: accounts.id })
    const policies = createPoliciesRepository(db)
    const inForce = await policies.latestDocuments()
    for (const account of created) await policies.recordAgreements(account.id, inForce, now)
  }
}
