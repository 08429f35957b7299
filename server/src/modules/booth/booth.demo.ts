import text from '../../locales/ja/demo.json' with { type: 'json' }
import type { BoothRepository } from './booth.repository'
import { hashMachineKey } from './booth.service'

export const DEMO_MACHINE_ID = 'demo-machine-1'
export const DEMO_BOOTH_KEY = 'dev-booth-key'

/**
 * The demo booth (DESIGN §5b): a shop, a machine and its key `dev-booth-key`, which the sample
 * booth client uploads with. Left as it is when the machine exists.
 */
export async function seedDemoBooth(repo: BoothRepository): Promise<void> {
  await repo.ensureMachine({
    shop: text.shop,
    machine: { id: DEMO_MACHINE_ID, name: text.machine.name, seriesId: 'milky', version: '2.1' },
    keyHash: hashMachineKey(DEMO_BOOTH_KEY),
  })
}
