import { PREFECTURES } from '@puribox/contract/profile-rules'
import { seededRandom } from '@puribox/contract/seeded-random'
import { fill } from '../../locales/fill'
import shopsText from '../../locales/ja/booth-demo.json' with { type: 'json' }
import text from '../../locales/ja/demo.json' with { type: 'json' }
import type { Images } from '../../ports/images'
import type { Storage } from '../../ports/storage'
import type { BoothRepository, MachineInsert, MachineModelInsert, ShopInsert } from './booth.repository'
import { hashMachineKey } from './booth.service'
import { sampleKey } from './machines.service'
import { hueOf, puriSvg } from './puri-drawing'

export const DEMO_MACHINE_ID = 'demo-machine-1'
export const DEMO_BOOTH_KEY = 'dev-booth-key'
/** The demo machine's model: of the `milky` series, as the demo machine itself (coupons rely on it). */
export const DEMO_MODEL_ID = 'milky-girl'
/** Sample pictures of each demo model. */
const SAMPLES_PER_MODEL = 3

type DemoModel = (typeof shopsText.models)[number]

/** The demo models as rows (the colours only draw their sample pictures). */
export function demoModels(): MachineModelInsert[] {
  return shopsText.models.map(({ colors: _colors, ...model }) => ({
    ...model,
    sampleCount: SAMPLES_PER_MODEL,
  }))
}

export type DemoShop = Omit<ShopInsert, 'id' | 'createdAt'>
export type DemoMachine = Omit<MachineInsert, 'shopId' | 'createdAt'> & { shop: number }

/**
 * The demo shops (decision 0042): for each city of `booth-demo.json` (real cities at their real
 * positions, several per prefecture, more shops in big cities), as many shops as its weight times
 * `scale`, each within about 2 km of the city's centre, with a made-up name, address and hours, and
 * one to three machines of the demo models (the booths that keep plays more often than not).
 * `scale` lets the benchmark make 20,000 shops the same way.
 */
export function demoShops(scale = 1, seed = 16): { shops: DemoShop[]; machines: DemoMachine[] } {
  const next = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const models = shopsText.models
  const shops: DemoShop[] = []
  const machines: DemoMachine[] = []
  for (const [prefectureCode, city, label, lat, lng, weight] of shopsText.cities as Array<
    [number, string, string, number, number, number]
  >) {
    const names = new Set<string>()
    const count = Math.max(1, Math.round(weight * scale))
    for (let n = 0; n < count; n++) {
      let name: string
      do {
        name = `${pick(shopsText.brands)} ${fill(pick(shopsText.branches), { label })}`
        if (names.size >= shopsText.brands.length * shopsText.branches.length) name = `${name} ${n + 1}`
      } while (names.has(name))
      names.add(name)
      const shop = shops.length
      shops.push({
        name,
        prefectureCode,
        prefectureName: PREFECTURES[prefectureCode - 1]!,
        city,
        address: fill(shopsText.addressFormat, {
          town: pick(shopsText.towns),
          chome: String(1 + Math.floor(next() * 5)),
          block: String(1 + Math.floor(next() * 20)),
          number: String(1 + Math.floor(next() * 15)),
        }),
        openingHours: pick(shopsText.openingHours),
        latitude: Math.round((lat + (next() - 0.5) * 0.03) * 1e6) / 1e6,
        longitude: Math.round((lng + (next() - 0.5) * 0.036) * 1e6) / 1e6,
      })
      const kinds = new Set<DemoModel>()
      const machineCount = 1 + Math.floor(next() * 3)
      while (kinds.size < machineCount) kinds.add(pick(models))
      let k = 0
      for (const model of kinds) {
        machines.push({
          id: `demo-shop-${String(shop + 1).padStart(5, '0')}-${++k}`,
          shop,
          modelId: model.id,
          name: model.name,
          seriesId: model.seriesId,
          version: model.version,
        })
      }
    }
  }
  return { shops, machines }
}

/**
 * A sample picture of a model, as a booth's own samples look: friends in the model's frame, in its
 * colour, with its stamps and doodles (the drawing the demo's plays are made with).
 */
export function sampleSvg(model: { id: string; colors: readonly string[] }, n: number): string {
  const seed = [...model.id].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7) % 10_007
  return puriSvg({
    number: n,
    width: 360,
    height: 480,
    seed,
    numbered: false,
    hue: hueOf(model.colors[1] ?? '#ff8fc2'),
  })
}

/**
 * The demo's models, their sample pictures, its shops and the demo booth (docs/guide/ground-rules.md): a shop, a
 * machine of the model `milky-girl` and its key `dev-booth-key`, which the sample booth client
 * uploads with. Every start: what exists is left as it is, so a start after the first writes
 * nothing (one count, one lookup and a read of each sample picture).
 */
export async function seedDemoBooth(deps: { repo: BoothRepository; storage: Storage; images: Images }) {
  const { repo, storage, images } = deps
  const models = demoModels()
  if ((await repo.modelCount()) < models.length) await repo.insertMissingModels(models)
  for (const model of shopsText.models) {
    for (let n = 1; n <= SAMPLES_PER_MODEL; n++) {
      const key = sampleKey(model.id, n)
      if (!(await storage.get(key))) await storage.put(key, await images.jpegFromSvg(sampleSvg(model, n)))
    }
  }
  if (!(await repo.machineExists('demo-shop-00001-1'))) {
    const { shops, machines } = demoShops()
    await repo.insertShops(shops, machines)
  }
  const model = models.find((m) => m.id === DEMO_MODEL_ID)!
  const { name: _name, prefectureCode: _code, prefectureName: _prefecture, ...details } = text.shop
  await repo.ensureMachine({
    shop: text.shop,
    machine: {
      id: DEMO_MACHINE_ID,
      modelId: model.id,
      name: text.machine.name,
      seriesId: 'milky',
      version: '2.1',
    },
    keyHash: hashMachineKey(DEMO_BOOTH_KEY),
  })
  await repo.completeMachine({ machineId: DEMO_MACHINE_ID, modelId: model.id, shop: details })
}
