import { JHS_LIMITS } from '@puribox/contract/jhs-free'
import { api } from '@puribox/contract/routes'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/context'
import { AppError } from '../../http/errors'
import { registerApiRoute } from '../../http/routes'
import type { SchoolApplicationsService } from './school-applications.service'

export function registerSchoolApplicationsRoutes(
  app: FastifyInstance,
  deps: { applications: SchoolApplicationsService; timeTravel: boolean },
): void {
  const { applications, timeTravel } = deps

  // The debug page's review of one's own application: testers see every state (decision 0048).
  registerApiRoute(
    app,
    api.jhsDebugReview,
    async (request) =>
      ok(
        request,
        await applications.reviewOwn(request.caller, request.body.decision, request.body.reason, request.now),
      ),
    {
      preHandler: async () => {
        if (!timeTravel) throw new AppError('TIME_TRAVEL_DISABLED', 'time travel is switched off')
      },
    },
  )

  registerApiRoute(app, api.jhsState, async (request) =>
    ok(request, await applications.state(request.caller, request.now)),
  )

  registerApiRoute(app, api.jhsApply, async (request) =>
    ok(request, await applications.apply(request.caller, request.body, request.now)),
  )

  registerApiRoute(app, api.jhsUploadStart, async (request) =>
    ok(request, await applications.startUpload(request.caller, request.body, request.now)),
  )

  registerApiRoute(app, api.jhsUpload, async (request) =>
    ok(request, await applications.upload(request.caller, request.params.id)),
  )

  registerApiRoute(app, api.jhsUploadRemove, async (request) =>
    ok(request, await applications.removeUpload(request.caller, request.params.id, request.now)),
  )

  registerApiRoute(app, api.jhsUploadFile, async (request, reply) => {
    const file = await applications.uploadFile(request.caller, request.params.id)
    // The applicant's own certificate: never kept by a shared cache, never sniffed as something else.
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.data)
  })

  // A chunk is raw bytes: this scope reads `application/octet-stream` bodies up to a chunk's size.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: JHS_LIMITS.chunkMaxBytes + 1024 },
      (_request, body, done) => done(null, body),
    )
    registerApiRoute(scope, api.jhsUploadChunk, async (request) => {
      const chunk: unknown = request.body
      if (!Buffer.isBuffer(chunk)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send the chunk as application/octet-stream')
      }
      return ok(
        request,
        await applications.appendChunk(
          request.caller,
          request.params.id,
          request.query.offset,
          chunk,
          request.now,
        ),
      )
    })
  })
}
