import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import fastifySwagger from '@fastify/swagger'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { type RequestContextOptions, requestContext } from './http/context'
import { answerFrameworkError, installCsrfGuard, installErrorHandler } from './http/error-handler'
import { registerPages } from './http/pages'
import { trackRoutes } from './http/routes'
import { serializerCompiler } from './http/serializer'
import { registerAccessRoutes } from './modules/access/access.routes'
import { type CarrierRanges, loadCarrierRanges } from './modules/access/carrier-ranges'
import { createAccountsRepository } from './modules/accounts/accounts.repository'
import { registerAccountRoutes } from './modules/accounts/accounts.routes'
import { createAccountService } from './modules/accounts/accounts.service'
import { createAuthRepository } from './modules/auth/auth.repository'
import { registerAuthRoutes } from './modules/auth/auth.routes'
import { createAuthService } from './modules/auth/auth.service'
import { createBoothRepository } from './modules/booth/booth.repository'
import { boothMultipartLimits, registerBoothRoutes } from './modules/booth/booth.routes'
import { createBoothService } from './modules/booth/booth.service'
import { createSealsRepository } from './modules/seals/seals.repository'
import { registerSealRoutes } from './modules/seals/seals.routes'
import { createSealService } from './modules/seals/seals.service'
import { createSessionsRepository } from './modules/sessions/sessions.repository'
import { createSessionService } from './modules/sessions/sessions.service'
import { createThrottle } from './modules/throttle/throttle'
import { registerTimeTravelRoutes } from './modules/time-travel/time-travel.routes'
import type { Clock } from './ports/clock'
import type { Images } from './ports/images'
import type { Mailer } from './ports/mail'
import type { Storage } from './ports/storage'

export type AppConfig = Pick<
  Config,
  | 'production'
  | 'logLevel'
  | 'trustProxy'
  | 'cookieSecure'
  | 'timeTravel'
  | 'sealTtlDays'
  | 'webDistDir'
  | 'publicUrl'
> & { carrierIpRangesFile: string }

export interface AppDeps {
  config: AppConfig
  db: Database
  storage: Storage
  images: Images
  clock: Clock
  mailer: Mailer
  carrierRanges?: CarrierRanges
  logger?: boolean
}

/** The composition root: every dependency is passed in, every module is wired here. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, storage, images, clock } = deps
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  })
  trackRoutes(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PuriBox API',
        version: '1',
        description:
          'Every JSON answer is the wrapper { entity, error: { code, message } | null, clock: { date } | null }.',
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifyCookie)
  await app.register(fastifyMultipart, { limits: boothMultipartLimits })

  const sessions = createSessionService({ repo: createSessionsRepository(db), clock })
  const context: RequestContextOptions = {
    sessions,
    clock,
    timeTravel: config.timeTravel,
    cookieSecure: config.cookieSecure,
  }
  await app.register(requestContext, context)
  installCsrfGuard(app, { exemptPrefixes: ['/booth/'] })

  const ranges = deps.carrierRanges ?? loadCarrierRanges(config.carrierIpRangesFile)
  registerAccessRoutes(app, { ranges, allowCarrierHeader: !config.production })
  registerAccountRoutes(app, { accounts: createAccountService({ repo: createAccountsRepository(db) }) })
  registerSealRoutes(app, { seals: createSealService({ repo: createSealsRepository(db), storage, images }) })
  registerBoothRoutes(app, {
    booth: createBoothService({
      repo: createBoothRepository(db),
      storage,
      images,
      clock,
      sealTtlDays: config.sealTtlDays,
    }),
  })
  registerAuthRoutes(app, {
    auth: createAuthService({
      repo: createAuthRepository(db),
      throttle: createThrottle(db),
      mailer: deps.mailer,
      publicUrl: config.publicUrl,
    }),
    context,
  })
  registerTimeTravelRoutes(app, context)

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await registerPages(app, { webDistDir: config.webDistDir, production: config.production, context })
  return app
}
