import { randomUUID } from 'node:crypto'
import { AD_ADMIN_LIMITS, type AdPictureUploaded } from '@puribox/contract/admin-ads'
import { AD_PICTURE_FILE, AD_PICTURE_SIZE, adPicturePath } from '@puribox/contract/ads'
import { certificateFormatOf } from '@puribox/contract/jhs-free'
import { AppError } from '../../http/errors'
import type { Images } from '../../ports/images'
import type { Storage } from '../../ports/storage'
import { newStorageKey } from '../files/storage-keys'

/** The formats an ad picture is uploaded in, read from its first bytes (never its name). */
const TAKEN = { 'image/jpeg': 'jpeg', 'image/png': 'png' } as const

/**
 * Ad pictures as operators upload them (decision 0077): read by content, decoded to their last
 * pixel before anything is kept, then kept as one JPEG of the ad card's shape under a new random
 * name. A picture is never replaced nor deleted: an ad changed to another picture names a new file,
 * so an audit entry's picture, and a list a server still keeps for a few seconds, stay whole.
 */
export function createAdPictures(deps: { images: Images; storage: Storage }) {
  const { images, storage } = deps
  const keyOf = (file: string) => newStorageKey('ads', 'jpg', file.slice(0, -'.jpg'.length))

  return {
    async store(upload: Buffer): Promise<AdPictureUploaded> {
      const sniffed = certificateFormatOf(upload.subarray(0, 12))
      const format = sniffed === 'image/jpeg' || sniffed === 'image/png' ? TAKEN[sniffed] : null
      if (!format) throw new AppError('IMAGE_FORMAT_UNSUPPORTED', 'send a JPEG or PNG picture')
      const maxPixels = AD_ADMIN_LIMITS.pictureMaxPixels
      const check = await images.decodeWhole(upload, format, { maxPixels })
      if (check !== 'OK') {
        throw new AppError(
          'IMAGE_INVALID',
          check === 'TOO_MANY_PIXELS' ? 'the picture has too many pixels' : 'not a whole, readable picture',
        )
      }
      const picture = await images.coverPicture(upload, { ...AD_PICTURE_SIZE, maxPixels }).catch(() => {
        throw new AppError('IMAGE_INVALID', 'the picture could not be decoded')
      })
      const file = `${randomUUID()}.jpg`
      await storage.put(keyOf(file), picture.data)
      return { mediaUrl: adPicturePath(file), width: picture.width, height: picture.height }
    },

    /** Whether a file of this name was uploaded. */
    async exists(file: string): Promise<boolean> {
      return AD_PICTURE_FILE.test(file) && (await storage.get(keyOf(file))) !== null
    },

    /** The picture's JPEG; NOT_FOUND for a name that is no uploaded picture. */
    async read(file: string): Promise<Buffer> {
      const data = AD_PICTURE_FILE.test(file) ? await storage.get(keyOf(file)) : null
      if (!data) throw new AppError('NOT_FOUND', 'no such ad picture')
      return data
    },
  }
}

export type AdPictures = ReturnType<typeof createAdPictures>
