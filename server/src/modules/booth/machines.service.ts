import { isInJapan, machineSamplePath, SHOP_PAGE_SIZE } from '@puribox/contract/machine-search'
import {
  MACHINE_MODEL_ID,
  type MachineModel,
  type MachineModelDetail,
  type MachineModels,
  type Shop,
  type ShopCities,
  type ShopSearch,
  type ShopSearchQuery,
} from '@puribox/contract/machines'
import { AppError } from '../../http/errors'
import type { Storage } from '../../ports/storage'
import type { BoothRepository, MachineModelRow, ShopRow } from './booth.repository'
import { buildShopDirectory, type DirectoryPage, type ShopDirectory } from './shop-directory'

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
 * Machine models, the shops that have them and the shop search (decision 0042). Which shops a
 * search finds comes from the shop directory in memory; their rows from one query.
 */
export function createMachinesService(deps: { repo: BoothRepository; storage: Storage; now?: () => number }) {
  const { repo, storage } = deps
  const now = deps.now ?? Date.now
  let directory: { built: number; value: Promise<ShopDirectory> } | null = null
  let rebuilding = false

  async function build(): Promise<ShopDirectory> {
    return buildShopDirectory(await repo.directorySource())
  }

  /** The directory, built on first use and rebuilt (in the background) once it is old. */
  async function currentDirectory(): Promise<ShopDirectory> {
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

  /** The page's shops, in the directory's order, with their models and distances. */
  async function shopsOf(found: DirectoryPage, dir: ShopDirectory): Promise<Shop[]> {
    const rows = new Map<string, ShopRow>((await repo.shopsByIds(found.shopIds)).map((row) => [row.id, row]))
    const shops: Shop[] = []
    found.shopIds.forEach((id, at) => {
      const row = rows.get(id)
      if (!row) return // removed since the directory was built
      shops.push({
        id: row.id,
        name: row.name,
        prefectureCode: row.prefectureCode,
        prefectureName: row.prefectureName,
        city: row.city,
        address: row.address,
        openingHours: row.openingHours,
        position:
          row.latitude === null || row.longitude === null ? null : { lat: row.latitude, lng: row.longitude },
        distanceMeters: found.distances ? found.distances[at]! : null,
        models: dir.modelsOf(id).map((model) => ({ id: model.id, name: model.name })),
      })
    })
    return shops
  }

  return {
    /** The shops changed (the seed wrote some): the next search rebuilds the directory. */
    shopsChanged(): void {
      directory = null
    },

    async models(idFederationOnly: boolean): Promise<MachineModels> {
      const rows = await repo.models({ idFederationOnly })
      return { entry: rows.map((row) => presentModel(row.model, row.shopCount)) }
    },

    async model(id: string): Promise<MachineModelDetail> {
      const row = MACHINE_MODEL_ID.test(id) ? await repo.model(id) : null
      if (!row) throw new AppError('MACHINE_NOT_FOUND', 'no machine model has this id')
      const dir = await currentDirectory()
      const found = dir.list({ modelId: id }, 1)
      const page = { ...found, shopIds: found.shopIds.slice(0, MODEL_PAGE_SHOPS) }
      return { model: presentModel(row.model, row.shopCount), shops: await shopsOf(page, dir) }
    },

    async search(query: ShopSearchQuery): Promise<ShopSearch> {
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
      const dir = await currentDirectory()
      const found = position ? dir.near(position, filter, page) : dir.list(filter, page)
      return {
        shops: await shopsOf(found, dir),
        page,
        pageSize: SHOP_PAGE_SIZE,
        total: found.total,
        near: position !== null,
      }
    },

    async cities(prefecture: number): Promise<ShopCities> {
      return { entry: (await currentDirectory()).cities(prefecture) }
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
