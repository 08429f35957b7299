import { createHash, randomBytes } from 'node:crypto'
import type {
  AdminMachine,
  AdminMachineDetail,
  AdminMachineModel,
  AdminMachineModels,
  AdminMachinePage,
  AdminShop,
  AdminShopPage,
  IssuedMachineKey,
  MachineChange,
  MachineCreate,
  MachineKey,
  MachineKeyRevoke,
  MachineListQuery,
  MachineModelChange,
  MachineModelCreate,
  ShopChange,
  ShopCreate,
  ShopImportResult,
  ShopListQuery,
} from '@puribox/contract/admin-booths'
import { PREFECTURES } from '@puribox/contract/profile-rules'
import { AppError } from '../../http/errors'
import { decodePageCursor, encodePageCursor } from '../../http/page-cursor'
import type { Clock } from '../../ports/clock'
import type { Actor } from '../actor'
import type { ChangeContext } from './booth.events'
import { type BoothActions, type BoothTarget, can } from './booth.policy'
import type { MachineModelRow, ShopRow } from './booth.repository'
import { hashMachineKey } from './booth.service'
import {
  type AdminMachineRow,
  type AdminShopRow,
  type BoothAdminRepository,
  type MachineKeyRow,
  machineKeyId,
  type ShopCursor,
  type ShopFields,
} from './booth-admin.repository'
import { readShopsFile } from './shop-import'

/** Problems an import refusal lists at most: enough to fix a file by, small enough to answer. */
const IMPORT_PROBLEMS_SHOWN = 200

/** A new machine key: 256 random bits, marked so a key found lying about says what it is. */
export function newMachineKey(): string {
  return `pbmk_${randomBytes(32).toString('base64url')}`
}

/** Only the fields given: an absent field stays as it is. */
function given<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}

function presentModel(row: MachineModelRow): AdminMachineModel {
  const { createdAt, ...fields } = row
  return { ...fields, createdAt: createdAt.toISOString() }
}

function presentShop(row: ShopRow, machineCount: number): AdminShop {
  return {
    id: row.id,
    name: row.name,
    prefectureCode: row.prefectureCode,
    prefectureName: row.prefectureName,
    city: row.city,
    address: row.address,
    openingHours: row.openingHours,
    position:
      row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
    machineCount,
    createdAt: row.createdAt.toISOString(),
  }
}

function presentMachine(row: AdminMachineRow): AdminMachine {
  return {
    id: row.id,
    shopId: row.shopId,
    modelId: row.modelId,
    name: row.name,
    seriesId: row.seriesId,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    liveKeys: row.liveKeys,
    lastPushAt: row.lastPushAt?.toISOString() ?? null,
  }
}

function presentKey(row: MachineKeyRow): MachineKey {
  return {
    id: machineKeyId(row.keyHash),
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

/** A page's `next`: where the page after it starts, opaque to the console. */
function encodeShopCursor(row: AdminShopRow): string {
  const cursor: ShopCursor = [row.prefectureCode, row.city, row.name, row.id]
  return encodePageCursor(cursor)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function isShopCursor(value: unknown): value is ShopCursor {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    Number.isInteger(value[0]) &&
    typeof value[1] === 'string' &&
    typeof value[2] === 'string' &&
    typeof value[3] === 'string' &&
    UUID.test(value[3])
  )
}

/**
 * The operators' side of booths (decision 0069): machine models, shops, the machines in them and
 * the machines' keys. Every function takes the actor and asks the policy first; every change is
 * one transaction of the repository with its event, which the audit log records.
 */
export function createBoothAdminService(deps: {
  repo: BoothAdminRepository
  clock: Clock
  /** Models, shops or machines changed: the members' shop search reads them again (after the commit). */
  directoryChanged: () => void
  newKey?: () => string
}) {
  const { repo, clock, directoryChanged } = deps
  const newKey = deps.newKey ?? newMachineKey

  function allow<T extends BoothTarget>(actor: Actor, action: BoothActions[T], target: T): void {
    if (!can(actor, action, target)) throw new AppError('FORBIDDEN', `may not ${action} a ${target}`)
  }

  function changeBy(actor: Actor, reason?: string): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  async function modelOrThrow(id: string): Promise<MachineModelRow> {
    const model = await repo.findModel(id)
    if (!model) throw new AppError('MACHINE_NOT_FOUND', 'no machine model has this id')
    return model
  }

  async function shopOrThrow(id: string): Promise<AdminShopRow> {
    const shop = await repo.findShop(id)
    if (!shop) throw new AppError('SHOP_NOT_FOUND', 'no shop has this id')
    return shop
  }

  async function machineOrThrow(id: string): Promise<AdminMachineRow> {
    const machine = await repo.findMachine(id)
    if (!machine) throw new AppError('BOOTH_MACHINE_NOT_FOUND', 'no machine has this id')
    return machine
  }

  /** A shop's fields as kept: the prefecture's name follows from its code. */
  function shopFields(input: Partial<ShopCreate>): Partial<ShopFields> {
    const { position, prefectureCode, ...rest } = input
    return given({
      ...rest,
      ...(prefectureCode !== undefined
        ? { prefectureCode, prefectureName: PREFECTURES[prefectureCode - 1]! }
        : {}),
      ...(position !== undefined
        ? { latitude: position?.lat ?? null, longitude: position?.lng ?? null }
        : {}),
    })
  }

  return {
    async models(actor: Actor): Promise<AdminMachineModels> {
      allow(actor, 'read', 'machine-model')
      return { models: (await repo.listModels()).map(presentModel) }
    },

    async createModel(actor: Actor, input: MachineModelCreate): Promise<AdminMachineModel> {
      allow(actor, 'create', 'machine-model')
      const { id, ...fields } = input
      const row = await repo.createModel(id, fields, changeBy(actor))
      if (!row) throw new AppError('MACHINE_MODEL_TAKEN', 'a machine model has this id already')
      directoryChanged()
      return presentModel(row)
    },

    async changeModel(actor: Actor, id: string, input: MachineModelChange): Promise<AdminMachineModel> {
      allow(actor, 'change', 'machine-model')
      const { reason, ...fields } = input
      const row = await repo.changeModel(id, given(fields), changeBy(actor, reason))
      if (!row) throw new AppError('MACHINE_NOT_FOUND', 'no machine model has this id')
      directoryChanged()
      return presentModel(row)
    },

    async shops(actor: Actor, query: ShopListQuery): Promise<AdminShopPage> {
      allow(actor, 'read', 'shop')
      const rows = await repo.listShops({
        q: query.q || undefined,
        prefecture: query.prefecture,
        city: query.city || undefined,
        after: query.after ? decodePageCursor(query.after, isShopCursor) : undefined,
        limit: query.limit,
      })
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      return {
        shops: page.map((row) => presentShop(row, row.machineCount)),
        next: rows.length > query.limit && last ? encodeShopCursor(last) : null,
      }
    },

    async shop(actor: Actor, id: string): Promise<AdminShop> {
      allow(actor, 'read', 'shop')
      const row = await shopOrThrow(id)
      return presentShop(row, row.machineCount)
    },

    async createShop(actor: Actor, input: ShopCreate): Promise<AdminShop> {
      allow(actor, 'create', 'shop')
      const row = await repo.createShop(shopFields(input) as ShopFields, changeBy(actor))
      if (row === 'taken') throw new AppError('SHOP_TAKEN', 'a shop with this name and address exists')
      directoryChanged()
      return presentShop(row, 0)
    },

    async changeShop(actor: Actor, id: string, input: ShopChange): Promise<AdminShop> {
      allow(actor, 'change', 'shop')
      const { reason, ...fields } = input
      const row = await repo.changeShop(id, shopFields(fields), changeBy(actor, reason))
      if (row === null) throw new AppError('SHOP_NOT_FOUND', 'no shop has this id')
      if (row === 'taken') throw new AppError('SHOP_TAKEN', 'a shop with this name and address exists')
      directoryChanged()
      const shop = await shopOrThrow(id)
      return presentShop(shop, shop.machineCount)
    },

    /**
     * A shops file (CSV, UTF-8 or Shift_JIS), all of it or nothing: checked whole first, so a bad
     * row refuses the file with every problem listed and writes nothing; importing it again changes
     * nothing (see `shopKey`).
     */
    async importShops(actor: Actor, file: Buffer): Promise<ShopImportResult> {
      allow(actor, 'import', 'shop')
      const read = readShopsFile(file)
      if (!read.ok) {
        throw new AppError(
          'SHOP_IMPORT_INVALID',
          `the file has ${read.problems.length} problem(s); nothing was imported`,
          {},
          { importProblems: read.problems.slice(0, IMPORT_PROBLEMS_SHOWN) },
        )
      }
      const counts = await repo.importShops(
        { sha256: createHash('sha256').update(file).digest('hex'), shops: read.shops },
        changeBy(actor),
      )
      if (counts.created + counts.changed > 0) directoryChanged()
      return { rows: read.shops.length, ...counts }
    },

    async machines(actor: Actor, shopId: string, query: MachineListQuery): Promise<AdminMachinePage> {
      allow(actor, 'read', 'machine')
      await shopOrThrow(shopId)
      const rows = await repo.listMachines(shopId, query.after, query.limit)
      const page = rows.slice(0, query.limit)
      return {
        machines: page.map(presentMachine),
        next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      }
    },

    /** A machine with its keys (never a key itself) and when its last play arrived. */
    async machine(actor: Actor, machineId: string): Promise<AdminMachineDetail> {
      allow(actor, 'read', 'machine')
      const machine = await machineOrThrow(machineId)
      const keys = can(actor, 'read', 'machine-key') ? await repo.machineKeys(machineId) : []
      return { machine: presentMachine(machine), keys: keys.map(presentKey) }
    },

    async createMachine(actor: Actor, shopId: string, input: MachineCreate): Promise<AdminMachine> {
      allow(actor, 'create', 'machine')
      await shopOrThrow(shopId)
      const model = await modelOrThrow(input.modelId)
      const row = await repo.createMachine(
        input.id,
        {
          shopId,
          modelId: model.id,
          name: input.name ?? model.name,
          seriesId: model.seriesId,
          version: input.version ?? model.version,
        },
        changeBy(actor),
      )
      if (!row) throw new AppError('BOOTH_MACHINE_TAKEN', 'a machine has this id already')
      directoryChanged()
      return presentMachine({ ...row, liveKeys: 0, lastPushAt: null })
    },

    async changeMachine(actor: Actor, machineId: string, input: MachineChange): Promise<AdminMachine> {
      allow(actor, 'change', 'machine')
      const { reason, shopId, modelId, ...fields } = input
      if (shopId !== undefined) await shopOrThrow(shopId)
      // A machine of another model is of that model's series.
      const model = modelId !== undefined ? await modelOrThrow(modelId) : null
      const row = await repo.changeMachine(
        machineId,
        given({ ...fields, shopId, modelId: model?.id, seriesId: model?.seriesId }),
        changeBy(actor, reason),
      )
      if (!row) throw new AppError('BOOTH_MACHINE_NOT_FOUND', 'no machine has this id')
      directoryChanged()
      return presentMachine(await machineOrThrow(machineId))
    },

    /**
     * A new key for the machine, answered this once: only its hash is kept, so nobody (PuriBox
     * included) can show it again. A lost key is revoked and another issued.
     */
    async issueKey(actor: Actor, machineId: string): Promise<IssuedMachineKey> {
      allow(actor, 'issue', 'machine-key')
      await machineOrThrow(machineId)
      const key = newKey()
      const row = await repo.issueKey(machineId, hashMachineKey(key), changeBy(actor))
      return { ...presentKey(row), key }
    },

    /** Revokes a key: the booth's next push with it is refused (MACHINE_KEY_INVALID). */
    async revokeKey(
      actor: Actor,
      machineId: string,
      keyId: string,
      input: MachineKeyRevoke,
    ): Promise<MachineKey> {
      allow(actor, 'revoke', 'machine-key')
      await machineOrThrow(machineId)
      const row = await repo.revokeKey(machineId, keyId, changeBy(actor, input.reason))
      if (!row) throw new AppError('MACHINE_KEY_NOT_FOUND', 'the machine has no key of this id')
      return presentKey(row)
    },
  }
}

export type BoothAdminService = ReturnType<typeof createBoothAdminService>
