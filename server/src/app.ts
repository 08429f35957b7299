import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import fastifySwagger from '@fastify/swagger'
import { EXTERNAL_AUTH_CALLBACK_PATH } from '@puribox/contract/external-auth'
import { MYPAGE_LIMITS } from '@puribox/contract/mypage'
import { links } from '@puribox/contract/pages'
import { api } from '@puribox/contract/routes'
import Fastify, { type FastifyInstance } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { type Config, SANDBOX_AUTH_PATH, SANDBOX_PAY_PATH } from './config'
import type { Database } from './db/client'
import { ok, type RequestContextOptions, requestContext } from './http/context'
import { answerFrameworkError, installCsrfGuard, installErrorHandler } from './http/error-handler'
import { serializeRequest } from './http/log-redaction'
import { openApiOptions } from './http/openapi'
import { registerPages } from './http/pages'
import { installWarmUps, trackRoutes } from './http/routes'
import { serializerCompiler } from './http/serializer'
import { accessOf, registerAccessRoutes } from './modules/access/access.routes'
import { type CarrierRanges, loadCarrierRanges } from './modules/access/carrier-ranges'
import { createAccountDeletionRepository } from './modules/accounts/account-deletion.repository'
import { registerAccountDeletionRoutes } from './modules/accounts/account-deletion.routes'
import { createAccountDeletionService } from './modules/accounts/account-deletion.service'
import { createAccountsRepository } from './modules/accounts/accounts.repository'
import { registerAccountRoutes } from './modules/accounts/accounts.routes'
import { createAccountService } from './modules/accounts/accounts.service'
import { registerAfterSignInRoutes } from './modules/auth/after-sign-in.routes'
import { createAuthRepository } from './modules/auth/auth.repository'
import { registerAuthRoutes } from './modules/auth/auth.routes'
import { createAuthService } from './modules/auth/auth.service'
import { createBoothRepository } from './modules/booth/booth.repository'
import { boothMultipartLimits, registerBoothRoutes } from './modules/booth/booth.routes'
import { createBoothService } from './modules/booth/booth.service'
import { createExternalAuthRepository } from './modules/external-auth/external-auth.repository'
import { registerExternalAuthRoutes } from './modules/external-auth/external-auth.routes'
import { createExternalAuthService } from './modules/external-auth/external-auth.service'
import { createFileDeletions } from './modules/files/file-deletions'
import { createMypageRepository } from './modules/mypage/mypage.repository'
import { registerMypageRoutes } from './modules/mypage/mypage.routes'
import { createMypageService } from './modules/mypage/mypage.service'
import { createPaymentsRepository } from './modules/payments/payments.repository'
import { registerPaymentRoutes } from './modules/payments/payments.routes'
import { createPaymentService } from './modules/payments/payments.service'
import { createPenaltiesRepository } from './modules/penalties/penalties.repository'
import { createPenaltyService } from './modules/penalties/penalties.service'
import { createPoliciesRepository } from './modules/policies/policies.repository'
import { registerPolicyRoutes } from './modules/policies/policies.routes'
import { createPolicyService } from './modules/policies/policies.service'
import { createProfileRepository } from './modules/profile/profile.repository'
import { registerProfileRoutes } from './modules/profile/profile.routes'
import { createProfileService } from './modules/profile/profile.service'
import { createSavingRepository } from './modules/saving/saving.repository'
import { registerSavingRoutes } from './modules/saving/saving.routes'
import { createSavingService } from './modules/saving/saving.service'
import { createSealsRepository } from './modules/seals/seals.repository'
import { registerSealRoutes } from './modules/seals/seals.routes'
import { createSealService } from './modules/seals/seals.service'
import { createSessionsRepository } from './modules/sessions/sessions.repository'
import { createSessionService } from './modules/sessions/sessions.service'
import { createThrottle } from './modules/throttle/throttle'
import { registerTimeTravelRoutes } from './modules/time-travel/time-travel.routes'
import { createOidcAuthService, type HttpFetch } from './ports/auth-service'
import type { Clock } from './ports/clock'
import type { Images } from './ports/images'
import type { Mailer } from './ports/mail'
import { createPaymentGateway } from './ports/payment-gateway'
import type { Storage } from './ports/storage'
import { mountSandboxAuth } from './sandbox/auth/sandbox-auth'
import { mountSandboxPay } from './sandbox/pay/sandbox-pay'
import { memoryBooks, type SandboxBooksStore } from './sandbox/pay/sandbox-pay.gateway'

export type AppConfig = Pick<
  Config,
  | 'production'
  | 'logLevel'
  | 'trustProxy'
  | 'cookieSecure'
  | 'timeTravel'
  | 'sealTtlDays'
  | 'sealMaxOwners'
  | 'penaltyBoardRefreshMs'
  | 'webDistDir'
  | 'publicUrl'
  | 'authIssuerUrl'
  | 'authClientId'
  | 'authClientSecret'
  | 'payment'
> & { carrierIpRangesFile: string }

export interface AppDeps {
  config: AppConfig
  db: Database
  storage: Storage
  images: Images
  clock: Clock
  mailer: Mailer
  carrierRanges?: CarrierRanges
  /** How the server calls other HTTP services (auth service, payment gateway); tests route it into the app. */
  fetch?: HttpFetch
  /**
   * The sandbox payment gateway (outside production): where it keeps its books (memory unless
   * given), and whether it delivers and renews by itself (`npm start`) or when a test says so.
   */
  sandboxPay?: { books: SandboxBooksStore; autoRun: boolean }
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
            serializers: { req: serializeRequest },
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

  await app.register(fastifySwagger, openApiOptions)
  // JSON answers over 1 KB (a page of my page's plays is about 29 KB) go compressed to browsers that
  // accept it; pictures and ZIPs are left as they are (not compressible types). Brotli at quality 5:
  // most of its gain for little CPU. Built assets and the shell are compressed ahead of time.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
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
  installWarmUps(app)
  await app.register(requestContext, context)
  // The sandbox auth service's token endpoint and sign-in forms are called as an auth service is:
  // by PuriBox's server and by plain forms, without our header.
  // The payment gateway's notifications are signed instead, and its sandbox's pages are plain forms.
  installCsrfGuard(app, {
    exemptPrefixes: ['/booth/', '/pay/', `${SANDBOX_AUTH_PATH}/`, `${SANDBOX_PAY_PATH}/`],
  })
  if (!config.production) {
    await mountSandboxAuth(app, {
      publicUrl: config.publicUrl,
      clientId: config.authClientId,
      clientSecret: config.authClientSecret,
      trustProxy: config.trustProxy,
    })
    await mountSandboxPay(app, {
      publicUrl: config.publicUrl,
      ...config.payment,
      notificationPath: api.paymentNotification.path,
      books: deps.sandboxPay?.books ?? memoryBooks(),
      now: () => clock.now(),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      autoRun: deps.sandboxPay?.autoRun ?? false,
    })
  }

  // Also asked at sign-in (`needsAgreement`): members who have not agreed go to the agreement page.
  const policies = createPolicyService({ repo: createPoliciesRepository(db) })

  const ranges = deps.carrierRanges ?? loadCarrierRanges(config.carrierIpRangesFile)
  const access = { ranges, allowCarrierHeader: !config.production }
  registerAccessRoutes(app, access)
  // Puri-getting penalties: checked by every seal lookup, the seal view and saving alike.
  const penalties = createPenaltyService({
    repo: createPenaltiesRepository(db),
    boardRefreshMs: config.penaltyBoardRefreshMs,
  })
  const accounts = createAccountService({ repo: createAccountsRepository(db), penalties })
  registerAccountRoutes(app, {
    accounts,
  })
  const seals = createSealService({ repo: createSealsRepository(db), storage, images, penalties })
  registerSealRoutes(app, { seals })
  registerSavingRoutes(app, {
    saving: createSavingService({ repo: createSavingRepository(db), seals, maxOwners: config.sealMaxOwners }),
  })
  const mypage = createMypageService({ repo: createMypageRepository(db), storage, images })
  registerMypageRoutes(app, {
    mypage,
  })
  registerBoothRoutes(app, {
    booth: createBoothService({
      repo: createBoothRepository(db),
      storage,
      images,
      clock,
      sealTtlDays: config.sealTtlDays,
    }),
  })
  const auth = createAuthService({
    repo: createAuthRepository(db),
    throttle: createThrottle(db),
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
  })
  registerAuthRoutes(app, { auth, context })
  const accountsRepository = createAccountsRepository(db)
  const payments = createPaymentService({
    repo: createPaymentsRepository(db),
    accounts: accountsRepository,
    throttle: createThrottle(db),
    gateway: createPaymentGateway({
      gatewayUrl: config.payment.gatewayUrl,
      merchantId: config.payment.merchantId,
      apiKey: config.payment.apiKey,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    }),
    clock,
    publicUrl: config.publicUrl,
    notificationSecret: config.payment.notificationSecret,
  })
  registerPaymentRoutes(app, { payments, accessOf: (request) => accessOf(request, access) })
  const fileDeletions = createFileDeletions({ db, storage })
  registerProfileRoutes(app, {
    profile: createProfileService({
      repo: createProfileRepository(db),
      accounts: accountsRepository,
      storage,
      images,
      fileDeletions,
    }),
  })
  registerAccountDeletionRoutes(app, {
    deletion: createAccountDeletionService({
      repo: createAccountDeletionRepository(db),
      accounts: accountsRepository,
      auth,
      fileDeletions,
      isPaying: (accountId) => payments.isPaying(accountId),
    }),
    context,
  })
  registerPolicyRoutes(app, { policies })
  registerAfterSignInRoutes(app, { policies, context })
  registerExternalAuthRoutes(app, {
    externalAuth: createExternalAuthService({
      repo: createExternalAuthRepository(db),
      throttle: createThrottle(db),
      authService: createOidcAuthService({
        issuerUrl: config.authIssuerUrl,
        clientId: config.authClientId,
        clientSecret: config.authClientSecret,
        redirectUri: `${config.publicUrl}${EXTERNAL_AUTH_CALLBACK_PATH}`,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      }),
    }),
    context,
  })
  registerTimeTravelRoutes(app, context)

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await registerPages(app, {
    webDistDir: config.webDistDir,
    production: config.production,
    context,
    firstScreens: {
      // My page's LCP is the first row of the newest play's thumbnails (web: first-screen.ts); its
      // first answers are the first page of plays and the account, as their routes answer them.
      [new URL(links.mypage, 'http://localhost').pathname]: async (request) => {
        const session = request.session
        if (!session?.accountId || session.role === 'GUEST') return null
        const [plays, account] = await Promise.all([
          mypage.listPlays(session.accountId, 1, request.now),
          accounts.statusOf(session.accountId, request.now),
        ])
        return {
          images: (plays.items[0]?.images ?? [])
            .slice(0, MYPAGE_LIMITS.thumbnailsPerRow)
            .map((image) => image.thumbnailUrl),
          answers: {
            plays: api.savedPlays.response.parse(ok(request, plays)),
            account: api.accountSelf.response.parse(ok(request, account)),
          },
        }
      },
    },
  })
  return app
}
