import { AD_ADMIN_LIMITS, AD_PICTURE_FIELD, adminAdsApi } from '@puribox/contract/admin-ads'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../http/context'
import { AppError } from '../../http/errors'
import { readingMultipart } from '../../http/multipart'
import { registerApiRoute } from '../../http/routes'
import type { AdsAdminService } from './ads-admin.service'

/** Reads the one picture of an upload, at most its limit (more is PAYLOAD_TOO_LARGE while it arrives). */
async function readPicturePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send multipart/form-data')
  const part = await request.file({
    limits: { fileSize: AD_ADMIN_LIMITS.pictureMaxBytes, files: 1, fields: 0, parts: 1 },
  })
  if (!part || part.fieldname !== AD_PICTURE_FIELD) {
    throw new AppError('IMAGE_MISSING', `send the picture as the file field "${AD_PICTURE_FIELD}"`)
  }
  const data = await part.toBuffer()
  if (data.length === 0) throw new AppError('IMAGE_MISSING', 'the file is empty')
  return data
}

/** The console's routes for ads: each hands the operator (the actor) and its input to the service. */
export function registerAdsAdminRoutes(app: FastifyInstance, deps: { admin: AdsAdminService }): void {
  const { admin } = deps
  const api = adminAdsApi

  registerApiRoute(app, api.adminAdSpaces, async (request) => ok(request, await admin.spaces(request.caller)))
  registerApiRoute(app, api.adminAdSpaceCreate, async (request) =>
    ok(request, await admin.createSpace(request.caller, request.body)),
  )
  registerApiRoute(app, api.adminAdSpaceChange, async (request) =>
    ok(request, await admin.changeSpace(request.caller, request.params.spaceId, request.body)),
  )
  registerApiRoute(app, api.adminAdList, async (request) =>
    ok(request, await admin.list(request.caller, request.params.spaceId, request.query)),
  )
  registerApiRoute(app, api.adminAdCreate, async (request) =>
    ok(request, await admin.createDraft(request.caller, request.params.spaceId, request.body)),
  )
  registerApiRoute(app, api.adminAdPictureUpload, async (request) => {
    const data = await readingMultipart(() => readPicturePart(request))
    return ok(request, await admin.uploadPicture(request.caller, data))
  })
  registerApiRoute(app, api.adminAd, async (request) =>
    ok(request, await admin.read(request.caller, request.params.adId, request.query)),
  )
  registerApiRoute(app, api.adminAdChange, async (request) =>
    ok(request, await admin.change(request.caller, request.params.adId, request.body)),
  )
  registerApiRoute(app, api.adminAdSchedule, async (request) =>
    ok(request, await admin.schedule(request.caller, request.params.adId, request.body)),
  )
  registerApiRoute(app, api.adminAdPublish, async (request) =>
    ok(request, await admin.publishNow(request.caller, request.params.adId, request.body)),
  )
  registerApiRoute(app, api.adminAdWithdraw, async (request) =>
    ok(request, await admin.withdraw(request.caller, request.params.adId, request.body)),
  )
}
