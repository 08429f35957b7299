import { type ProfileSaveFields, profileSaveFieldsSchema } from '@puribox/contract/profile'
import {
  PROFILE_FIELDS_PART,
  PROFILE_FIELDS_PART_MAX_BYTES,
  PROFILE_IMAGE_FIELD,
  PROFILE_LIMITS,
} from '@puribox/contract/profile-rules'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../http/context'
import { AppError } from '../../http/errors'
import { readingMultipart } from '../../http/multipart'
import { registerApiRoute } from '../../http/routes'
import type { ProfileService } from './profile.service'

/** Reads the one file of the upload, at most 10 MB (more is PAYLOAD_TOO_LARGE while it arrives). */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send multipart/form-data')
  const part = await request.file({
    limits: { fileSize: PROFILE_LIMITS.imageMaxBytes, files: 1, fields: 0, parts: 1 },
  })
  if (!part || part.fieldname !== PROFILE_IMAGE_FIELD) {
    throw new AppError('IMAGE_MISSING', `send the picture as the file field "${PROFILE_IMAGE_FIELD}"`)
  }
  const data = await part.toBuffer()
  if (data.length === 0) throw new AppError('IMAGE_MISSING', 'the file is empty')
  return data
}

/**
 * Reads `POST /sp/profile`'s body: the `profile` field (JSON) and at most one `image` file, in any
 * order. What is not that is VALIDATION_FAILED; an empty file is IMAGE_MISSING.
 */
async function readProfileParts(
  request: FastifyRequest,
): Promise<{ fields: ProfileSaveFields; image: Buffer | null }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send multipart/form-data')
  let text: string | null = null
  let image: Buffer | null = null
  const parts = request.parts({
    limits: {
      fileSize: PROFILE_LIMITS.imageMaxBytes,
      files: 1,
      fields: 1,
      fieldSize: PROFILE_FIELDS_PART_MAX_BYTES,
      parts: 2,
    },
  })
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname !== PROFILE_FIELDS_PART || part.valueTruncated) {
        throw new AppError('VALIDATION_FAILED', `unexpected field ${part.fieldname}`)
      }
      text = String(part.value)
      continue
    }
    if (part.fieldname !== PROFILE_IMAGE_FIELD) {
      throw new AppError('VALIDATION_FAILED', `send the picture as the file field "${PROFILE_IMAGE_FIELD}"`)
    }
    image = await part.toBuffer()
    if (image.length === 0) throw new AppError('IMAGE_MISSING', 'the file is empty')
  }
  if (text === null) throw new AppError('VALIDATION_FAILED', `the "${PROFILE_FIELDS_PART}" field is missing`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new AppError('VALIDATION_FAILED', `the "${PROFILE_FIELDS_PART}" field is not JSON`)
  }
  const parsed = profileSaveFieldsSchema.safeParse(json)
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', `the "${PROFILE_FIELDS_PART}" field is not a profile`)
  if (parsed.data.removeImage && image) {
    throw new AppError('VALIDATION_FAILED', 'send a picture or removeImage, not both')
  }
  return { fields: parsed.data, image }
}

export function registerProfileRoutes(app: FastifyInstance, deps: { profile: ProfileService }): void {
  const { profile } = deps

  registerApiRoute(app, api.profile, async (request) =>
    ok(request, await profile.get(request.caller.accountId)),
  )

  registerApiRoute(app, api.profileSummary, async (request) =>
    ok(request, await profile.summary(request.caller.accountId, request.now)),
  )

  registerApiRoute(app, api.profileUpdate, async (request) =>
    ok(request, await profile.update(request.caller, request.body, request.now)),
  )

  registerApiRoute(
    app,
    api.profileSave,
    async (request) => {
      const { fields, image } = await readingMultipart(() => readProfileParts(request))
      return ok(request, await profile.saveAll(request.caller, fields, image, request.now))
    },
    // A restricted account is refused before a byte of the picture is read.
    { preHandler: async (request) => profile.assertMayEdit(request.caller) },
  )

  registerApiRoute(
    app,
    api.profileImageUpload,
    async (request) => {
      const data = await readingMultipart(() => readImagePart(request))
      return ok(request, await profile.setImage(request.caller, data, request.now))
    },
    // A restricted account is refused before a byte of the picture is read.
    { preHandler: async (request) => profile.assertMayEdit(request.caller) },
  )

  registerApiRoute(app, api.profileImageRemove, async (request) =>
    ok(request, await profile.removeImage(request.caller, request.now)),
  )

  registerApiRoute(app, api.profileImage, async (request, reply) => {
    const image = await profile.image(request.caller, request.params.id)
    // The owner's alone, and kept by no cache (the role guard's `private, no-store`).
    return reply.type('image/jpeg').header('x-content-type-options', 'nosniff').send(image)
  })
}
