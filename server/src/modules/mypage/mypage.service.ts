import { Readable } from 'node:stream'
import {
  MYPAGE_LIMITS,
  parseSavedImageFile,
  playZipUrl,
  SAVED_ZIP_FILE_NAME,
  type SavedImageSize,
  type SavedPlaysPage,
  savedImageUrl,
} from '@puribox/contract/mypage'
import { normalizeSealId } from '@puribox/contract/seal-id'
import { formatJst } from '@puribox/contract/time'
import { unsavedPreviewUrl } from '@puribox/contract/unsaved-rules'
import { ZipFile } from 'yazl'
import type { MemberCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Images } from '../../ports/images'
import type { Storage } from '../../ports/storage'
import { derivativeKey } from '../files/storage-keys'
import { canSeeUnsavedPuris } from '../saving/saving.policy'
import { canReadSavedImage } from './mypage.policy'
import type { MypageRepository, SavedFileKind } from './mypage.repository'

const fileKind: Record<SavedImageSize, SavedFileKind> = {
  thumb: 'thumbnail',
  qvga: 'qvga',
  medium: 'medium',
  original: 'original',
}

/** One answer for a malformed name, an unknown id and another member's picture: nothing leaks. */
const notFound = () => new AppError('NOT_FOUND', 'no such picture')

export interface SavedImageFile {
  /** Strong: one file per (picture, size, format), and the files never change. */
  etag: string
  contentType: 'image/jpeg' | 'image/webp'
  /** Whether the answer depends on the request's Accept (the smaller sizes come as WebP too). */
  variesByAccept: boolean
  read(): Promise<Buffer>
}

export interface PlayZip {
  fileName: string
  /** The exact length of `stream`, known before the first byte: the web shows progress. */
  size: number
  stream: Readable
}

/** An original's name in a ZIP: `{sealId}-{puriNumber}[-raw].jpg`. */
function pictureName(original: { sealId: string; puriNumber: number; isRawPuri: boolean }): string {
  return `${original.sealId}-${original.puriNumber}${original.isRawPuri ? '-raw' : ''}.jpg`
}

export function createMypageService(deps: { repo: MypageRepository; storage: Storage; images: Images }) {
  const { repo, storage, images } = deps
  /** WebP encodings under way in this process: two requests at once encode once. */
  const encoding = new Map<string, Promise<Buffer>>()

  async function readStored(storageKey: string): Promise<Buffer> {
    const data = await storage.get(storageKey)
    if (!data) throw new Error(`stored file missing: ${storageKey}`)
    return data
  }

  /** The WebP of a stored JPEG: read when kept, else encoded once and kept (decision 0013). */
  async function readWebp(storageKey: string): Promise<Buffer> {
    const key = derivativeKey(storageKey, 'webp')
    const kept = await storage.get(key)
    if (kept) return kept
    let pending = encoding.get(key)
    if (!pending) {
      pending = (async () => {
        const webp = await images.toWebp(await readStored(storageKey))
        await storage.put(key, webp)
        return webp
      })().finally(() => encoding.delete(key))
      encoding.set(key, pending)
    }
    return pending
  }

  /**
   * Originals as a ZIP, streamed one file at a time. STORE (JPEGs do not compress) with every size
   * known, so the length is known up front (the web shows progress, the browser its download).
   */
  async function zipOf(
    entries: { name: string; original: { storageKey: string; byteSize: number; shotAt: Date } }[],
    fileName: string,
  ): Promise<PlayZip> {
    const zip = new ZipFile()
    const stream = zip.outputStream as Readable
    const size = new Promise<number>((resolve, reject) => {
      // A file that cannot be read ends the answer short of its Content-Length (a failed download,
      // not a broken archive). An 'error' without a listener would end the process.
      zip.on('error', (error: Error) => {
        reject(error)
        stream.destroy(error)
      })
      for (const { name, original } of entries) {
        zip.addReadStreamLazy(
          name,
          { compress: false, size: original.byteSize, mtime: original.shotAt },
          (callback) => {
            readStored(original.storageKey).then(
              (data) => callback(null, Readable.from([data])),
              (error: unknown) => callback(error, undefined as never),
            )
          },
        )
      }
      // The types say the callback takes nothing; yazl passes the final size (or -1).
      zip.end(undefined, resolve as unknown as () => void)
    })
    const length = await size
    if (length < 0) throw new Error('zip size unknown: every entry must be stored with its size')
    return { fileName, size: length, stream }
  }

  return {
    /**
     * My page: the member's plays, newest registration first, each with its saved pictures and, for
     * a free member while the seal lives, the ones left unsaved (shown locked, by their previews).
     */
    async listPlays(caller: MemberCaller, page: number, now: Date): Promise<SavedPlaysPage> {
      const { accountId } = caller
      const perPage = MYPAGE_LIMITS.playsPerPage
      const plays = await repo.listPlays(accountId, { limit: perPage, offset: (page - 1) * perPage })
      const totalCount = plays[0]?.total ?? (page > 1 ? await repo.countPlays(accountId) : 0)
      const puris = await repo.listPuris(
        accountId,
        plays.map((play) => play.sealId),
      )
      return {
        totalCount,
        currentPage: page,
        totalPage: Math.ceil(totalCount / perPage),
        items: plays.map((play) => {
          const ofPlay = puris.filter((puri) => puri.sealId === play.sealId)
          const images = ofPlay.flatMap(({ imageId, savedAt, puriNumber, isRawPuri }) =>
            imageId && savedAt
              ? [
                  {
                    imageId,
                    puriNumber,
                    rawPuri: isRawPuri,
                    savedAt: formatJst(savedAt),
                    thumbnailUrl: savedImageUrl(imageId, 'thumb'),
                    qvgaUrl: savedImageUrl(imageId, 'qvga'),
                    mediumUrl: savedImageUrl(imageId, 'medium'),
                    originalUrl: savedImageUrl(imageId, 'original'),
                  },
                ]
              : [],
          )
          // Unsaved pictures go at expiry: after it there is nothing left to save.
          const unsaved = play.expiresAt > now ? ofPlay.filter((puri) => puri.imageId === null) : []
          return {
            sealId: play.sealId,
            shotAt: formatJst(play.shotAt),
            machine: {
              id: play.machineId,
              name: play.machineName,
              seriesId: play.seriesId,
              version: play.version,
            },
            registeredAt: formatJst(play.registeredAt),
            sealExpireDate: formatJst(play.expiresAt),
            images,
            unsavedCount: unsaved.length,
            unsavedPuris: canSeeUnsavedPuris(caller)
              ? unsaved.map((puri) => ({
                  puriNumber: puri.puriNumber,
                  rawPuri: puri.isRawPuri,
                  previewUrl: unsavedPreviewUrl(play.sealId, puri.puriNumber),
                }))
              : [],
            zipUrl: playZipUrl(play.sealId),
          }
        }),
      }
    },

    /**
     * One size of a saved picture, only for its owner. The original is always the JPEG (what "save
     * to phone" keeps); the smaller sizes come as WebP to browsers that take it.
     */
    async savedImage(caller: MemberCaller, file: string, acceptsWebp: boolean): Promise<SavedImageFile> {
      const parsed = parseSavedImageFile(file)
      if (!parsed) throw notFound()
      const stored = await repo.findSavedFile(parsed.imageId, fileKind[parsed.size])
      if (!stored || !canReadSavedImage(caller, stored)) throw notFound()
      const variesByAccept = parsed.size !== 'original'
      const webp = variesByAccept && acceptsWebp
      return {
        etag: `"${parsed.imageId}-${parsed.size}-${stored.byteSize}-${webp ? 'webp' : 'jpeg'}"`,
        contentType: webp ? 'image/webp' : 'image/jpeg',
        variesByAccept,
        read: () => (webp ? readWebp(stored.storageKey) : readStored(stored.storageKey)),
      }
    },

    /** The originals of the member's saved pictures of one seal as a ZIP (`zipOf`). */
    async playZip(accountId: string, sealId: string): Promise<PlayZip> {
      // The URL carries the canonical ID (`playZipUrl`); anything else is no play of the member's.
      if (normalizeSealId(sealId) !== sealId) throw new AppError('NOT_FOUND', 'no such play')
      const originals = await repo.listOwnedOriginals(accountId, sealId)
      if (originals.length === 0) throw new AppError('NOT_FOUND', 'no such play')
      return zipOf(
        originals.map((original) => ({ name: pictureName(original), original })),
        `puribox-${sealId}.zip`,
      )
    },

    /**
     * Every saved picture of the member as one ZIP, a folder per play (`2026-11-20_{sealId}/`, the
     * shot's day in Japan, so they sort by date): what someone leaving takes along.
     */
    async savedZip(accountId: string): Promise<PlayZip> {
      const originals = await repo.listOwnedOriginals(accountId)
      if (originals.length === 0) throw new AppError('NOT_FOUND', 'no saved pictures')
      return zipOf(
        originals.map((original) => ({
          name: `${formatJst(original.shotAt).slice(0, 10)}_${original.sealId}/${pictureName(original)}`,
          original,
        })),
        SAVED_ZIP_FILE_NAME,
      )
    },
  }
}

export type MypageService = ReturnType<typeof createMypageService>
