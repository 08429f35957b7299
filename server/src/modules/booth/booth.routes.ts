import { BOOTH_LIMITS } from '@puribox/contract/booth'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../http/context'
import { AppError } from '../../http/errors'
import { readingMultipart } from '../../http/multipart'
import { registerApiRoute } from '../../http/routes'
import { type BoothService, parseBoothMeta } from './booth.service'

const IMAGE_FIELD = /^puri-(\d{1,2})$/

/** Reads the multipart body: exactly one `meta` field and one `puri-<number>` file per puri. */
async function readPlayParts(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send multipart/form-data')
  let metaText: string | null = null
  const images = new Map<number, Buffer>()
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== 'meta' || metaText !== null) {
        throw new AppError('BOOTH_META_INVALID', `unexpected field ${part.fieldname}`)
      }
      metaText = String(part.value)
      continue
    }
    const match = IMAGE_FIELD.exec(part.fieldname)
    if (!match) throw new AppError('BOOTH_META_INVALID', `unexpected file ${part.fieldname}`)
    const number = Number(match[1])
    if (images.has(number)) throw new AppError('BOOTH_META_INVALID', `two files for puri-${number}`)
    images.set(number, await part.toBuffer())
  }
  if (metaText === null) throw new AppError('BOOTH_META_INVALID', 'the meta field is missing')
  return { meta: parseBoothMeta(metaText), images }
}

export const boothMultipartLimits = {
  fileSize: BOOTH_LIMITS.maxImageBytes,
  files: BOOTH_LIMITS.maxPuris,
  fields: 1,
  fieldSize: BOOTH_LIMITS.maxMetaBytes,
  parts: BOOTH_LIMITS.maxPuris + 1,
}

export function registerBoothRoutes(app: FastifyInstance, deps: { booth: BoothService }): void {
  registerApiRoute(
    app,
    api.boothPlay,
    async (request, reply) => {
      const { meta, images } = await readingMultipart(() => readPlayParts(request))
      const result = await deps.booth.ingestPlay({ machineId: request.caller.machineId, meta, images })
      return reply.status(201).send(ok(request, result))
    },
    // The machine key, checked before a byte of the body is read.
    {
      successStatus: 201,
      authenticate: async (request) => deps.booth.authenticate(request.headers.authorization),
    },
  )
}
