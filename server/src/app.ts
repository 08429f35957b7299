import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import fastifySwagger from '@fastify/swagger'
import { EXTERNAL_AUTH_CALLBACK_PATH } from '@puribox/contract/external-auth'
import { api } from '@puribox/contract/routes'
import Fastify, { type FastifyInstance } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { type Config, SANDBOX_AUTH_PATH, SANDBOX_PAY_PATH } from './config'
import type { Database } from './db/client'
import { type RequestContextOptions, requestContext } from './http/context'
import { answerFrameworkError, installCsrfGuard, installErrorHandler } from './http/error-handler'
import { serializeRequest } from './http/log-redaction'
import { openApiOptions } from './http/openapi'
import { registerPages } from './http/pages'
import { installWarmUps, trackRoutes } from './http/routes'
import { createSecurityHeaders } from './http/security-headers'
import { serializerCompiler } from './http/serializer'
import { accessOf, registerAccessRoutes } from './modules/access/access.routes'
import { type CarrierRanges, loadCarrierRanges } from './modules/access/carrier-ranges'
import type { AccountDeletedHook } from './modules/account-hooks'
import { createAccountDeletionRepository } from './modules/accounts/account-deletion.repository'
import { registerAccountDeletionRoutes } from './modules/accounts/account-deletion.routes'
import { createAccountDeletionService } from './modules/accounts/account-deletion.service'
import { registerAccountRoutes } from './modules/accounts/accounts.routes'
import { createAccountService } from './modules/accounts/accounts.service'
import { registerAfterSignInRoutes } from './modules/auth/after-sign-in.routes'
import { sweepAuthLeftovers } from './modules/auth/auth.housekeeping'
import { registerAuthRoutes } from './modules/auth/auth.routes'
import { createAuthService } from './modules/auth/auth.service'
import { boothMultipartLimits, registerBoothRoutes } from './modules/booth/booth.routes'
import { createBoothService } from './modules/booth/booth.service'
import { sweepExternalAuthFlows } from './modules/external-auth/external-auth.housekeeping'
import { registerExternalAuthRoutes } from './modules/external-auth/external-auth.routes'
import { createExternalAuthService } from './modules/external-auth/external-auth.service'
import { createFileDeletions } from './modules/files/file-deletions'
import { mypageFirstScreen } from './modules/mypage/mypage.first-screen'
import { registerMypageRoutes } from './modules/mypage/mypage.routes'
import { createMypageService } from './modules/mypage/mypage.service'
import { registerPaymentRoutes } from './modules/payments/payments.routes'
import { createPaymentService } from './modules/payments/payments.service'
import { createPenaltyService, PENALTY_RULES } from './modules/penalties/penalties.service'
import { registerPolicyRoutes } from './modules/policies/policies.routes'
import { createPolicyService } from './modules/policies/policies.service'
import { registerProfileRoutes } from './modules/profile/profile.routes'
import { createProfileService } from './modules/profile/profile.service'
import { registerSavingRoutes } from './modules/saving/saving.routes'
import { createSavingService } from './modules/saving/saving.service'
import { createExpiryJob } from './modules/seals/expiry.housekeeping'
import { registerSealRoutes } from './modules/seals/seals.routes'
import { createSealService } from './modules/seals/seals.service'
import { createSessionService } from './modules/sessions/sessions.service'
import { registerTimeTravelRoutes } from './modules/time-travel/time-travel.routes'
import { createOidcAuthService, type HttpFetch } from './ports/auth-service'
import type { Clock } from './ports/clock'
import type { Images } from './ports/images'
import type { Mailer } from './ports/mail'
import { createPaymentGateway } from './ports/payment-gateway'
import type { Storage } from './ports/storage'
import { createRepositories } from './repositories'
import { mountSandboxAuth } from './sandbox/auth/sandbox-auth'
import { mountSandboxPay } from './sandbox/pay/sandbox-pay'
import { memoryBooks, type SandboxBooksStore } from './sandbox/pay/sandbox-pay.gateway'

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules that take part in deleting an account, in the order they run (decision 0021). */
    accountDeletedModules: readonly string[]
    /** Each module's hourly clean-up, run by `main.ts` (real time, never a session's time travel). */
    housekeeping: readonly HousekeepingJob[]
  }
}

export interface HousekeepingJob {
  name: string
  run(): Promise<unknown>
}

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
  const securityHeaders = createSecurityHeaders({
    production: config.production,
    formTargets: [config.publicUrl, config.authIssuerUrl, config.payment.gatewayUrl],
  })
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
    // The router's refusals come before any request hook.
    frameworkErrors: (error, request, reply) => {
      securityHeaders.write(request, reply)
      return answerFrameworkError(error, request, reply)
    },
  })
  // First of the request hooks: an answer any later hook gives carries the headers too.
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders.write(request, reply)
    done()
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

  // Repositories, each the only writer of its module's tables (decision 0021).
  const repos = createRepositories(db)
  const sessions = createSessionService({ repo: repos.sessions, clock })
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

  const fileDeletions = createFileDeletions({ db, storage })

  // Also asked at sign-in (`needsAgreement`): members who have not agreed go to the agreement page.
  const policies = createPolicyService({ repo: repos.policies })

  const ranges = deps.carrierRanges ?? loadCarrierRanges(config.carrierIpRangesFile)
  const access = { ranges, allowCarrierHeader: !config.production }
  registerAccessRoutes(app, access)
  // Puri-getting penalties: checked by every seal lookup, the seal view and saving alike.
  const penalties = createPenaltyService({
    repo: repos.penalties,
    boardRefreshMs: config.penaltyBoardRefreshMs,
  })
  const accounts = createAccountService({ repo: repos.accounts, penalties })
  registerAccountRoutes(app, {
    accounts,
  })
  const seals = createSealService({ repo: repos.seals, storage, images, penalties })
  registerSealRoutes(app, { seals })
  registerSavingRoutes(app, {
    saving: createSavingService({ repo: repos.saving, seals, maxOwners: config.sealMaxOwners }),
  })
  const mypage = createMypageService({ repo: repos.mypage, storage, images })
  registerMypageRoutes(app, {
    mypage,
  })
  registerBoothRoutes(app, {
    booth: createBoothService({
      repo: repos.booth,
      plays: repos.seals,
      storage,
      images,
      clock,
      sealTtlDays: config.sealTtlDays,
    }),
  })
  const auth = createAuthService({
    repo: repos.auth,
    throttle: repos.throttle,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
  })
  registerAuthRoutes(app, { auth, context })
  const payments = createPaymentService({
    repo: repos.payments,
    accounts: repos.accounts,
    throttle: repos.throttle,
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
  registerProfileRoutes(app, {
    profile: createProfileService({
      repo: repos.profile,
      accounts: repos.accounts,
      storage,
      images,
      fileDeletions,
    }),
  })
  // Every module that keeps data or files about an account takes part in deleting it, in the
  // deletion's transaction (a test checks that none is missing).
  const accountDeleted: AccountDeletedHook[] = [
    { module: 'sessions', run: repos.sessions.accountDeleted },
    { module: 'auth', run: auth.accountDeleted },
    { module: 'policies', run: repos.policies.accountDeleted },
    { module: 'external-auth', run: repos.externalAuth.accountDeleted },
    { module: 'profile', run: repos.profile.accountDeleted },
    { module: 'penalties', run: repos.penalties.accountDeleted },
    { module: 'saving', run: repos.saving.accountDeleted },
    { module: 'payments', run: repos.payments.accountDeleted },
  ]
  app.decorate(
    'accountDeletedModules',
    accountDeleted.map((hook) => hook.module),
  )
  registerAccountDeletionRoutes(app, {
    deletion: createAccountDeletionService({
      repo: createAccountDeletionRepository(db, { accounts: repos.accounts, hooks: accountDeleted }),
      accounts: repos.accounts,
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
      repo: repos.externalAuth,
      throttle: repos.throttle,
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

  const expiry = createExpiryJob({
    repo: repos.expiry,
    clock,
    fileDeletions,
  })
  app.decorate('housekeeping', [
    { name: 'auth leftovers', run: () => sweepAuthLeftovers(db, repos.throttle, clock.now()) },
    { name: 'external sign-in flows', run: () => sweepExternalAuthFlows(db, clock.now()) },
    { name: 'penalty counters', run: () => repos.penalties.sweep(clock.now(), PENALTY_RULES) },
    // Expired seals' unsaved puris (decision 0014).
    { name: 'seal expiry', run: () => expiry.sweep() },
    // Files whose deletion failed at the time (account deleted, image replaced, puri expired): again.
    { name: 'file deletions', run: () => fileDeletions.sweep() },
  ])

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await registerPages(app, {
    webDistDir: config.webDistDir,
    production: config.production,
    context,
    securityHeaders,
    firstScreens: mypageFirstScreen({ mypage, accounts }),
  })
  return app
}
