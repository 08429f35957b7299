/**
 * The `near` benchmark's shops: `count` shops with one to three machines each, generated around the
 * demo's real cities (`server/src/locales/ja/booth-demo.json`, weighted as the demo weights them,
 * each within about 5 km of the city's centre) and written straight into the stopped server's
 * PGlite data directory in a few statements. Also the positions a near-me load asks about: around
 * the same cities, so that most requests find shops and few are alike.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { seededRandom } from '@puribox/contract/seeded-random'

const root = path.resolve(import.meta.dirname, '..')

type City = [prefectureCode: number, name: string, label: string, lat: number, lng: number, weight: number]
interface DemoData {
  cities: City[]
  models: Array<{ id: string; name: string; seriesId: string; version: string }>
}

function demoData(): DemoData {
  return JSON.parse(readFileSync(path.join(root, 'server/src/locales/ja/booth-demo.json'), 'utf8'))
}

/** A city picked by its weight. */
function cityPicker(cities: City[], next: () => number) {
  const total = cities.reduce((sum, city) => sum + city[5], 0)
  return () => {
    let at = next() * total
    for (const city of cities) {
      at -= city[5]
      if (at < 0) return city
    }
    return cities.at(-1)!
  }
}

/** The server's own PGlite (the engine that wrote the data directory), not a bench dependency. */
async function serverPglite(): Promise<typeof import('@electric-sql/pglite')> {
  const resolved = createRequire(path.join(root, 'server', 'package.json')).resolve('@electric-sql/pglite')
  return import(pathToFileURL(resolved).href)
}

export async function seedShops(options: { dataDir: string; count: number }): Promise<number> {
  const { cities, models } = demoData()
  const next = seededRandom(20_000)
  const pickCity = cityPicker(cities, next)
  const names: string[] = []
  const codes: number[] = []
  const cityNames: string[] = []
  const lats: number[] = []
  const lngs: number[] = []
  for (let i = 0; i < options.count; i++) {
    const [code, city, label, lat, lng] = pickCity()
    names.push(`bench ${label} ${i + 1}`)
    codes.push(code)
    cityNames.push(city)
    lats.push(lat + (next() - 0.5) * 0.09)
    lngs.push(lng + (next() - 0.5) * 0.11)
  }
  const { PGlite } = await serverPglite()
  const db = new PGlite(path.join(options.dataDir, 'pg'))
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        // The prefecture's name as the demo seed (every prefecture has demo shops) wrote it.
        `with names as (select distinct on (prefecture_code) prefecture_code, prefecture_name from shops)
         insert into shops (name, prefecture_code, prefecture_name, city, address, opening_hours, latitude, longitude)
         select s.n, s.c, names.prefecture_name, s.ct, '1-1-1', '10:00-24:00', s.la, s.ln
         from unnest($1::text[], $2::smallint[], $3::text[], $4::float8[], $5::float8[]) as s(n, c, ct, la, ln)
         join names on names.prefecture_code = s.c
         returning id`,
        [names, codes, cityNames, lats, lngs],
      )
      const machineIds: string[] = []
      const shopIds: string[] = []
      const modelIds: string[] = []
      rows.forEach((row, i) => {
        const kinds = new Set<number>()
        const count = 1 + Math.floor(next() * 3)
        while (kinds.size < count) kinds.add(Math.floor(next() * models.length))
        for (const k of kinds) {
          machineIds.push(`bench-${i}-${k}`)
          shopIds.push(row.id)
          modelIds.push(models[k]!.id)
        }
      })
      await tx.query(
        `insert into machines (id, shop_id, model_id, name, series_id, version)
         select m.id, m.shop_id, m.model_id, mm.name, mm.series_id, mm.version
         from unnest($1::text[], $2::uuid[], $3::text[]) as m(id, shop_id, model_id)
         join machine_models mm on mm.id = m.model_id`,
        [machineIds, shopIds, modelIds],
      )
    })
    return options.count
  } finally {
    await db.close()
  }
}

/** `count` near-me search paths around the cities (by weight, within about 5 km of a centre). */
export function nearPaths(count: number): string[] {
  const { cities } = demoData()
  const next = seededRandom(4242)
  const pickCity = cityPicker(cities, next)
  return Array.from({ length: count }, () => {
    const [, , , lat, lng] = pickCity()
    const at = (value: number, spread: number) => (value + (next() - 0.5) * spread).toFixed(4)
    return `/sp/2/machines/shops?lat=${at(lat, 0.09)}&lng=${at(lng, 0.11)}`
  })
}
