import { randomInt, randomUUID } from 'node:crypto'
import { BOOTH_LIMITS, type BoothMeta, type BoothPlayResult, boothMetaSchema } from '@puribox/contract/booth'
import { SEAL_ID_ALPHABET, SEAL_ID_LENGTH } from '@puribox/contract/seal-id'
import { puriGetPath } from '@puribox/contract/seal-lookup-source'
import { addDays, formatJst } from '@puribox/contract/time'
import { sha256 } from '../../crypto/hash'
import type { MachineCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { EncodedImage, Images } from '../../ports/images'
import type { Storage } from '../../ports/storage'
import type { StoredFileRecord } from '../files/files.schema'
import { newStorageKey } from '../files/storage-keys'
import type { NewPlay, NewPuri } from '../seals/seals.schema'
import type { BoothRepository } from './booth.repository'

/** A booth clock may run a little fast; more than this in the future is a bad play. */
const MAX_CLOCK_SKEW_MS = 10 * 60 * 1000
const SEAL_ID_ATTEMPTS = 8

/** How a machine key is stored (and looked up): its SHA-256 in hex. */
export function hashMachineKey(key: string): string {
  return sha256(key, 'hex')
}

export function generateSealId(): string {
  let id = ''
  for (let i = 0; i < SEAL_ID_LENGTH; i++) id += SEAL_ID_ALPHABET[randomInt(SEAL_ID_ALPHABET.length)]
  return id
}

/** Parses the `meta` field: JSON, then the contract's schema; both failures are BOOTH_META_INVALID. */
export function parseBoothMeta(text: string): BoothMeta {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new AppError('BOOTH_META_INVALID', 'meta is not valid JSON')
  }
  const parsed = boothMetaSchema.safeParse(json)
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'meta'}: ${issue.message}`)
    throw new AppError('BOOTH_META_INVALID', detail.join('; ').slice(0, 500))
  }
  return parsed.data
}

export interface BoothPlayInput {
  machineId: string
  meta: BoothMeta
  /** Image bytes by puri number, as uploaded. */
  images: Map<number, Buffer>
}

export function createBoothService(deps: {
  repo: Pick<BoothRepository, 'machineIdForKeyHash'>
  /** Writes the play (the seals module's). */
  plays: { insertPlay(play: NewPlay): Promise<boolean> }
  storage: Storage
  images: Images
  clock: Clock
  sealTtlDays: number
  /** The site's address as phones reach it (`PUBLIC_URL`): the get address printed as a QR code starts with it. */
  publicUrl: string
  newSealId?: () => string
}) {
  const { repo, plays, storage, images, clock } = deps
  const newSealId = deps.newSealId ?? generateSealId

  function checkPlay(play: BoothPlayInput, now: Date): Date {
    const { meta } = play
    if (meta.machineId !== undefined && meta.machineId !== play.machineId) {
      throw new AppError('MACHINE_MISMATCH', 'machineId does not belong to this machine key')
    }
    const numbers = new Set(meta.puris.map((puri) => puri.number))
    for (const puri of meta.puris) {
      if (puri.rawPuriImageNumber !== null && !numbers.has(puri.rawPuriImageNumber)) {
        throw new AppError(
          'BOOTH_META_INVALID',
          `puri ${puri.number}: rawPuriImageNumber names no puri of this play`,
        )
      }
      if (!play.images.has(puri.number))
        throw new AppError('IMAGE_MISSING', `no image part puri-${puri.number}`)
    }
    for (const number of play.images.keys()) {
      if (!numbers.has(number))
        throw new AppError('BOOTH_META_INVALID', `image puri-${number} is not in meta`)
    }
    const shotAt = new Date(meta.shotAt)
    if (shotAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) {
      throw new AppError('BOOTH_META_INVALID', 'shotAt is in the future')
    }
    const expiresAt = addDays(shotAt, deps.sealTtlDays)
    if (expiresAt.getTime() <= now.getTime()) {
      throw new AppError('BOOTH_META_INVALID', 'shotAt is so old that the seal would already have expired')
    }
    return expiresAt
  }

  async function storeFile(
    data: Buffer,
    image: Omit<EncodedImage, 'data'>,
    contentType: string,
    ext: 'jpg' | 'png',
  ) {
    const record: StoredFileRecord = {
      id: randomUUID(),
      storageKey: newStorageKey('puris', ext),
      contentType,
      byteSize: data.length,
      width: image.width,
      height: image.height,
    }
    await storage.put(record.storageKey, data)
    return record
  }

  return {
    /** The booth a bearer key belongs to, or MACHINE_KEY_INVALID (the route's authenticator). */
    async authenticate(authorization: string | undefined): Promise<MachineCaller> {
      const match = /^Bearer\s+(\S{8,256})$/.exec(authorization ?? '')
      const machineId = match?.[1] ? await repo.machineIdForKeyHash(hashMachineKey(match[1])) : null
      if (!machineId) {
        throw new AppError('MACHINE_KEY_INVALID', 'a valid machine key is required', {
          'www-authenticate': 'Bearer realm="booth"',
        })
      }
      return { kind: 'machine', machineId }
    },

    /**
     * Validates every image by its content and derives every size before anything is stored, so a
     * bad play leaves nothing behind. Then stores the files and writes the play in one transaction.
     */
    async ingestPlay(play: BoothPlayInput): Promise<BoothPlayResult> {
      const now = clock.now()
      const expiresAt = checkPlay(play, now)

      const prepared = await Promise.all(
        play.meta.puris.map(async (puri) => {
          const original = play.images.get(puri.number)!
          const info = await images.inspect(original, { maxPixels: BOOTH_LIMITS.maxImagePixels })
          if (!info) throw new AppError('IMAGE_INVALID', `puri-${puri.number} is not a JPEG or PNG image`)
          const derived = await images.derivePuri(original).catch(() => {
            throw new AppError('IMAGE_INVALID', `puri-${puri.number} could not be decoded`)
          })
          return { puri, original, info, derived }
        }),
      )

      const written: StoredFileRecord[] = []
      try {
        const newPuris: NewPuri[] = await Promise.all(
          prepared.map(async ({ puri, original, info, derived }) => {
            const files = {
              original: await storeFile(
                original,
                info,
                `image/${info.format}`,
                info.format === 'png' ? 'png' : 'jpg',
              ),
              thumbnail: await storeFile(derived.thumbnail.data, derived.thumbnail, 'image/jpeg', 'jpg'),
              qvga: await storeFile(derived.qvga.data, derived.qvga, 'image/jpeg', 'jpg'),
              medium: await storeFile(derived.medium.data, derived.medium, 'image/jpeg', 'jpg'),
              preview: await storeFile(derived.preview.data, derived.preview, 'image/jpeg', 'jpg'),
            }
            written.push(...Object.values(files))
            return { ...puri, files }
          }),
        )
        for (let attempt = 0; attempt < SEAL_ID_ATTEMPTS; attempt++) {
          const sealId = newSealId()
          const shotAt = new Date(play.meta.shotAt)
          if (
            await plays.insertPlay({ sealId, machineId: play.machineId, shotAt, expiresAt, puris: newPuris })
          ) {
            return {
              sealId,
              sealExpireDate: formatJst(expiresAt),
              // The play's own get address, printed as a QR code on the sheet (decision 0043).
              puriGetUrl: `${deps.publicUrl}${puriGetPath(sealId, 'qr')}`,
            }
          }
        }
        throw new Error(`no free seal ID after ${SEAL_ID_ATTEMPTS} attempts`)
      } catch (error) {
        await Promise.allSettled(written.map((file) => storage.delete(file.storageKey)))
        throw error
      }
    },
  }
}

export type BoothService = ReturnType<typeof createBoothService>
