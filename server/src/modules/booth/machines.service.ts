import {
  isInJapan,
  machineSamplePath,
  NEAR_PAGE_SIZE,
  SHOP_PAGE_SIZE,
} from '@puribox/contract/machine-search'
import {
  MACHINE_MODEL_ID,
  type MachineModel,
  type MachineModelDetail,
  type MachineModels,
  type ShopCities,
  type ShopSearchQuery,
  shopSchema,
} from '@puribox/contract/machines'
import type { Clock as WireClock } from '@puribox/contract/wrapper'
import { AppError } from '../../http/errors'
import type { Storage } from '../../ports/storage'
import type { BoothRepository, MachineModelRow } from './booth.repository'
import { buildShopDirectory, type ShopDirectory } from './shop-directory'

/** Where a model's sample picture `n` (from 1) is kept. */
export function sampleKey(modelId: string, n: number): string {
  return `machine-samples/${modelId}-${n}.jpg`
}

const SAMPLE_FILE = /^([a-z0-9][a-z0-9-]{0,63})-(\d{1,2})\.jpg$/

/** Shops on a model's page: the first of the search by the model. */
const MODEL_PAGE_SHOPS = 5

/**
 * A process that did not write the shops (another instance of the server) sees changes within this
 * time: the directory is then rebuilt while the old one still answers.
 */
const DIRECTORY_MAX_AGE_MS = 10 * 60 * 1000

/** The directory and each shop's answer as UTF-8 JSON, encoded on first use (decision 0042). */
interface Directory {
  shops: ShopDirectory<MachineModelRow>
  /** Per shop: its JSON, split where its distance goes. */
  fragments: Array<[head: Buffer, tail: Buffer] | undefined>
}

const DISTANCE_FIELD = '"distanceMeters":null'

/** The shop at `index` as JSON bytes around its distance: encoded with the contract's schema once. */
function fragmentsOf(directory: Directory, index: number): [Buffer, Buffer] {
  let parts = directory.fragments[index]
  if (!parts) {
    // The field appears once: a quote inside a string is escaped.
    const json = JSON.stringify(shopSchema.encode(directory.shops.shop(index)))
    const at = json.indexOf(DISTANCE_FIELD) + '"distanceMeters":'.length
    parts = [Buffer.from(json.slice(0, at)), Buffer.from(json.slice(at + 'null'.length))]
    directory.fragments[index] = parts
  }
  return parts
}

const PAGE_HEAD = Buffer.from('{"entity":{"shops":[', 'latin1')
const COMMA = 0x2c
const DIGIT_0 = 0x30
const NULL_BYTES = Buffer.from('null', 'latin1')

/** How many digits a whole number of metres (0 or more) takes. */
export function digitsOf(n: number): number {
  let digits = 1
  while (n >= 10) {
    n = Math.floor(n / 10)
    digits++
  }
  return digits
}

/** Writes a whole number of metres (0 or more) as ASCII digits at `at`; where it ends. */
export function writeDigits(out: Buffer, at: number, n: number, digits: number): number {
  for (let k = at + digits - 1; k >= at; k--) {
    out[k] = DIGIT_0 + (n % 10)
    n = Math.floor(n / 10)
  }
  return at + digits
}

/**
 * A page of the search as the wrapper's JSON bytes, `{"entity":…,"error":null,"clock":…}`, written
 * into one buffer from each shop's encoded bytes: a search neither encodes its shops again nor
 * builds strings of them (decision 0042). The bytes are copied with `Uint8Array#set` and a
 * distance's digits written one by one: each `Buffer#write` or `Buffer#copy` would be a call into
 * C++ or a new view, twenty-odd of them a page. A route test checks it is what the schema would give.
 */
function pageBytes(
  directory: Directory,
  found: { indexes: number[]; distances: number[] | null; total: number; hasMore: boolean },
  page: number,
  near: boolean,
  clockJson: string,
): Buffer {
  const tail = `],"page":${page},"pageSize":${near ? NEAR_PAGE_SIZE : SHOP_PAGE_SIZE},"total":${found.total},"hasMore":${found.hasMore},"near":${near}},"error":null,"clock":${clockJson}}`
  const { indexes, distances } = found
  let size = PAGE_HEAD.length + Buffer.byteLength(tail) + Math.max(0, indexes.length - 1)
  for (let k = 0; k < indexes.length; k++) {
    const [before, after] = fragmentsOf(directory, indexes[k]!)
    size += before.length + after.length
    size += distances ? digitsOf(distances[k]!) : NULL_BYTES.length
  }
  const out = Buffer.allocUnsafe(size)
  out.set(PAGE_HEAD, 0)
  let at = PAGE_HEAD.length
  for (let k = 0; k < indexes.length; k++) {
    // Encoded by the loop above.
    const [before, after] = directory.fragments[indexes[k]!]!
    if (k > 0) out[at++] = COMMA
    out.set(before, at)
    at += before.length
    if (distances) {
      at = writeDigits(out, at, distances[k]!, digitsOf(distances[k]!))
    } else {
      out.set(NULL_BYTES, at)
      at += NULL_BYTES.length
    }
    out.set(after, at)
    at += after.length
  }
  out.write(tail, at, 'utf8')
  return out
}

function presentModel(row: MachineModelRow, shopCount: number): MachineModel {
  return {
    id: row.id,
    name: row.name,
    nameKana: row.nameKana,
    seriesId: row.seriesId,
    seriesName: row.seriesName,
    version: row.version,
    releasedOn: row.releasedOn,
    description: row.description,
    supportsRawPuri: row.supportsRawPuri,
    supportsIdFederation: row.supportsIdFederation,
    shots: row.shots,
    samples: Array.from({ length: row.sampleCount }, (_, i) => machineSamplePath(row.id, i + 1)),
    shopCount,
  }
}

/**
 * Machine models, the shops that have them and the shop search (decision 0042), answered from the
 * shop directory in memory: no query per request.
 */
export function createMachinesService(deps: { repo: BoothRepository; storage: Storage; now?: () => number }) {
  const { repo, storage } = deps
  const now = deps.now ?? Date.now
  let directory: { built: number; value: Promise<Directory> } | null = null
  let rebuilding = false

  async function build(): Promise<Directory> {
    const shops = buildShopDirectory(await repo.directorySource())
    return { shops, fragments: new Array(shops.size) }
  }

  /** The directory, built on first use and rebuilt (in the background) once it is old. */
  async function currentDirectory(): Promise<Directory> {
    if (!directory) {
      const value = build()
      directory = { built: now(), value }
      value.catch(() => {
        directory = null
      })
      return value
    }
    if (!rebuilding && now() - directory.built > DIRECTORY_MAX_AGE_MS) {
      rebuilding = true
      build()
        .then((value) => {
          directory = { built: now(), value: Promise.resolve(value) }
        })
        .catch(() => {})
        .finally(() => {
          rebuilding = false
        })
    }
    return directory.value
  }

  return {
    /** The shops changed (the seed wrote some): the next search rebuilds the directory. */
    shopsChanged(): void {
      directory = null
    },

    async models(idFederationOnly: boolean): Promise<MachineModels> {
      const rows = (await currentDirectory()).shops.models()
      return {
        entry: rows
          .filter((row) => !idFederationOnly || row.model.supportsIdFederation)
          .map((row) => presentModel(row.model, row.shopCount)),
      }
    },

    async model(id: string): Promise<MachineModelDetail> {
      const dir = (await currentDirectory()).shops
      const row = MACHINE_MODEL_ID.test(id) ? dir.model(id) : null
      if (!row) throw new AppError('MACHINE_NOT_FOUND', 'no machine model has this id')
      const found = dir.list({ modelId: id }, 1).indexes.slice(0, MODEL_PAGE_SHOPS)
      return { model: presentModel(row.model, row.shopCount), shops: found.map((i) => dir.shop(i)) }
    },

    /**
     * A page of shops as the whole answer's JSON bytes (the wrapper with `clock`): each shop's
     * answer is encoded once and reused (decision 0042).
     */
    async search(query: ShopSearchQuery, clock: WireClock): Promise<Buffer> {
      const { lat, lng, page } = query
      if ((lat === undefined) !== (lng === undefined)) {
        throw new AppError('VALIDATION_FAILED', 'lat and lng come together')
      }
      const position = lat !== undefined && lng !== undefined ? { lat, lng } : null
      if (position && !isInJapan(position.lat, position.lng)) {
        throw new AppError('POSITION_OUTSIDE_JAPAN', 'the position is not in Japan')
      }
      const filter = {
        prefecture: query.prefecture,
        city: query.city?.trim() || undefined,
        keyword: query.keyword?.trim() || undefined,
        modelId: query.modelId || undefined,
      }
      const directory = await currentDirectory()
      const dir = directory.shops
      const found = position
        ? dir.near(position, filter, page)
        : dir.list(filter, page, { homePrefecture: query.homePrefecture })
      return pageBytes(directory, found, page, position !== null, JSON.stringify(clock))
    },

    async cities(prefecture: number): Promise<ShopCities> {
      return { entry: (await currentDirectory()).shops.cities(prefecture) }
    },

    /** A sample picture's JPEG; NOT_FOUND for a name that is none. */
    async sample(file: string): Promise<Buffer> {
      const match = SAMPLE_FILE.exec(file)
      const picture = match ? await storage.get(sampleKey(match[1]!, Number(match[2]))) : null
      if (!picture) throw new AppError('NOT_FOUND', 'no such sample picture')
      return picture
    },
  }
}

export type MachinesService = ReturnType<typeof createMachinesService>
