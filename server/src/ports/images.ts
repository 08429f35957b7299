import sharp, { type JpegOptions, type Sharp } from 'sharp'
import { checkHeic } from './heic-decoder'

export type ImageFormat = 'jpeg' | 'png'

export interface ImageInfo {
  format: ImageFormat
  width: number
  height: number
}

export interface EncodedImage {
  data: Buffer
  width: number
  height: number
}

/** The sizes every puri is kept in, next to its original. */
export interface PuriDerivatives {
  /** 320 px wide: grids. */
  thumbnail: EncodedImage
  /** Fits 240×320 (quarter VGA): lists and old phones. */
  qvga: EncodedImage
  /** 800 px wide: the full-screen view. */
  medium: EncodedImage
  /** The QVGA image with a watermark: what non-owners (guests) see of a seal. */
  preview: EncodedImage
}

/** A profile picture as uploaded → stored, or why not. */
export type SquarePictureResult =
  | { ok: true; image: EncodedImage }
  /** NOT_AN_IMAGE: not a whole picture sharp can read; UNSUPPORTED_FORMAT: a picture, in a format we do not take. */
  | { ok: false; reason: 'NOT_AN_IMAGE' | 'UNSUPPORTED_FORMAT' | 'TOO_MANY_PIXELS' }

/** A picture decoded to its last pixel (OK), or why not. */
export type WholePictureCheck = 'OK' | 'UNREADABLE' | 'TOO_MANY_PIXELS'

export interface Images {
  /** Reads the content (never the name): null when it is not a whole JPEG or PNG within limits. */
  inspect(data: Buffer, limits: { maxPixels: number }): Promise<ImageInfo | null>
  /**
   * Decodes every pixel of a picture whose first bytes say JPEG, PNG or HEIF: UNREADABLE when it is
   * cut short, damaged, or not that format past its first bytes; TOO_MANY_PIXELS, read from its
   * header before a pixel is decoded, when it is larger than `maxPixels`.
   */
  decodeWhole(
    data: Buffer,
    format: 'jpeg' | 'png' | 'heif',
    limits: { maxPixels: number },
  ): Promise<WholePictureCheck>
  derivePuri(original: Buffer): Promise<PuriDerivatives>
  /** Letterboxes an image to a square, for layouts that need equal tiles. */
  padToSquare(jpeg: Buffer): Promise<Buffer>
  /**
   * A photo (JPEG, PNG, WebP or AVIF, read by content) → a centred square JPEG of at most `side`
   * pixels, turned upright by its EXIF orientation, with no metadata left (no EXIF, no GPS).
   */
  squarePicture(data: Buffer, limits: { maxPixels: number; side: number }): Promise<SquarePictureResult>
  /**
   * A picture already decoded whole (`decodeWhole`) → a JPEG of exactly `width`×`height`, cut around
   * its centre to that shape, turned upright by its EXIF orientation, transparency on white, with no
   * metadata left (an ad's picture, decision 0077).
   */
  coverPicture(
    data: Buffer,
    size: { width: number; height: number; maxPixels: number },
  ): Promise<EncodedImage>
  /** The same picture as WebP, for browsers that take it (my page's sizes; decision 0013). */
  toWebp(jpeg: Buffer): Promise<Buffer>
  /** A JPEG drawn from an SVG document (the machine models' sample pictures, made at seed time). */
  jpegFromSvg(svg: string): Promise<Buffer>
}

/**
 * Formats a profile picture may come in. HEIF is taken when its pictures are AV1 (AVIF): the HEVC
 * of an iPhone's HEIC is not in sharp's prebuilt libvips (iOS sends JPEG from a file input anyway).
 */
function isTakenFormat(format: string | undefined, compression: string | undefined): boolean {
  if (format === 'jpeg' || format === 'png' || format === 'webp') return true
  return format === 'heif' && compression === 'av1'
}

const JPEG = { quality: 82, mozjpeg: false, progressive: true } as const
/**
 * The grid's thumbnail (shown a third of a phone wide) must stay within 30 KB: at quality 82 the
 * booth simulator's busier pictures reach 32.5 KB, at 75 about 27 KB (decision 0013).
 */
const THUMBNAIL_JPEG = { ...JPEG, quality: 75 } as const
/** Looks like JPEG quality 82 at about two thirds of the bytes (measured in decision 0013). */
const WEBP = { quality: 78, effort: 4 } as const

function watermarkSvg(width: number, height: number): Buffer {
  const size = Math.max(10, Math.round(width / 11))
  const rows = [0.22, 0.5, 0.78]
    .map(
      (y) =>
        `<text x="50%" y="${Math.round(height * y)}" transform="rotate(-24 ${width / 2} ${Math.round(height * y)})">PuriBox PREVIEW</text>`,
    )
    .join('')
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<g font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" ` +
      `fill="#ffffff" fill-opacity="0.55" stroke="#5a0032" stroke-opacity="0.35" stroke-width="1.5">${rows}</g></svg>`,
  )
}

async function encode(pipeline: Sharp, options: JpegOptions = JPEG): Promise<EncodedImage> {
  const { data, info } = await pipeline.jpeg(options).toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

export function createSharpImages(): Images {
  // Every picture is decoded once and never again: libvips' operation cache would only hold on to
  // memory (tens of MB after one play) that no later request can use.
  sharp.cache(false)
  return {
    async inspect(data, { maxPixels }) {
      try {
        const meta = await sharp(data, { limitInputPixels: maxPixels }).metadata()
        if (meta.format !== 'jpeg' && meta.format !== 'png') return null
        if (!meta.width || !meta.height) return null
        return { format: meta.format, width: meta.width, height: meta.height }
      } catch {
        return null
      }
    },

    async decodeWhole(data, format, { maxPixels }) {
      let meta: Awaited<ReturnType<Sharp['metadata']>>
      try {
        // Headers only, so no pixel limit here: a picture over it is told apart from an unreadable one.
        meta = await sharp(data, { limitInputPixels: false }).metadata()
      } catch {
        return 'UNREADABLE'
      }
      if (meta.format !== format || !meta.width || !meta.height) return 'UNREADABLE'
      // Refused on its header: a small file can announce a picture that needs gigabytes decoded.
      if (meta.width * meta.height > maxPixels) return 'TOO_MANY_PIXELS'
      // sharp reads AVIF (AV1 in HEIF) itself but not HEVC, the coding of a phone's HEIC.
      if (format === 'heif' && meta.compression === 'hevc') return checkHeic(data, { maxPixels })
      try {
        // Metadata reads headers only; statistics need every pixel. Sequential reading keeps a few
        // rows in memory, not the whole picture. 'error' refuses a picture cut short or a PNG whose
        // data fails its checksums; a JPEG's damaged entropy data is only a libjpeg warning, which
        // is not refused: phones write harmless ones (extra bytes before a marker).
        await sharp(data, { failOn: 'error', limitInputPixels: maxPixels, sequentialRead: true }).stats()
        return 'OK'
      } catch {
        return 'UNREADABLE'
      }
    },

    async derivePuri(original) {
      // Decode the original once (JPEG shrink-on-load straight to the largest size we keep), then
      // make every smaller size from those pixels instead of decoding the original again.
      const { data: pixels, info } = await sharp(original, { failOn: 'truncated' })
        .rotate()
        .resize({ width: 800, withoutEnlargement: true })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
      const fromPixels = () => sharp(pixels, raw)

      const qvgaPixels = await fromPixels()
        .resize({ width: 240, height: 320, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true })
      const qvgaRaw = {
        raw: {
          width: qvgaPixels.info.width,
          height: qvgaPixels.info.height,
          channels: qvgaPixels.info.channels,
        },
      }

      const [medium, thumbnail, qvga, preview] = await Promise.all([
        encode(fromPixels()),
        encode(fromPixels().resize({ width: 320, withoutEnlargement: true }), THUMBNAIL_JPEG),
        encode(sharp(qvgaPixels.data, qvgaRaw)),
        encode(
          sharp(qvgaPixels.data, qvgaRaw).composite([
            { input: watermarkSvg(qvgaPixels.info.width, qvgaPixels.info.height) },
          ]),
        ),
      ])
      return { thumbnail, qvga, medium, preview }
    },

    async padToSquare(jpeg) {
      const meta = await sharp(jpeg).metadata()
      const side = Math.max(meta.width ?? 0, meta.height ?? 0)
      return sharp(jpeg)
        .resize({ width: side, height: side, fit: 'contain', background: '#fff0f6' })
        .jpeg(JPEG)
        .toBuffer()
    },

    async jpegFromSvg(svg) {
      return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer()
    },

    async coverPicture(data, { width, height, maxPixels }) {
      const { data: jpeg, info } = await sharp(data, {
        limitInputPixels: maxPixels,
        failOn: 'error',
        pages: 1,
      })
        .rotate()
        .resize({ width, height, fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        // sharp writes no metadata unless asked: EXIF (GPS, camera, time) stays behind.
        .jpeg(JPEG)
        .toBuffer({ resolveWithObject: true })
      return { data: jpeg, width: info.width, height: info.height }
    },

    async toWebp(jpeg) {
      return sharp(jpeg, { failOn: 'truncated' }).webp(WEBP).toBuffer()
    },

    async squarePicture(data, { maxPixels, side }) {
      let meta: Awaited<ReturnType<Sharp['metadata']>>
      try {
        meta = await sharp(data).metadata()
      } catch {
        return { ok: false, reason: 'NOT_AN_IMAGE' }
      }
      if (!isTakenFormat(meta.format, meta.compression)) return { ok: false, reason: 'UNSUPPORTED_FORMAT' }
      if (!meta.width || !meta.height) return { ok: false, reason: 'NOT_AN_IMAGE' }
      if (meta.width * meta.height > maxPixels) return { ok: false, reason: 'TOO_MANY_PIXELS' }
      const target = Math.min(side, meta.width, meta.height)
      try {
        const { data: jpeg, info } = await sharp(data, {
          limitInputPixels: maxPixels,
          failOn: 'error',
          pages: 1,
        })
          .rotate()
          .resize({ width: target, height: target, fit: 'cover', position: 'centre' })
          .flatten({ background: '#ffffff' })
          // sharp writes no metadata unless asked: EXIF (GPS, camera, time) stays behind.
          .jpeg({ quality: 85, progressive: true })
          .toBuffer({ resolveWithObject: true })
        return { ok: true, image: { data: jpeg, width: info.width, height: info.height } }
      } catch {
        return { ok: false, reason: 'NOT_AN_IMAGE' }
      }
    },
  }
}
