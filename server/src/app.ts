import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import fastifySwagger from '@fastify/swagger'
import { api } from '@puribox/contract/routes'
import Fastify, { type FastifyInstance } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { type AppConfig, SANDBOX_AUTH_PATH, SANDBOX_PAY_PATH, SANDBOX_VERIFY_PATH } from './config'
import type { Database } from './db/client'
import { registerAdminPages } from './http/admin-pages'
import { type RequestContextOptions, requestContext } from './http/context'
import {
  answerClientError,
  answerFrameworkError,
  installCsrfGuard,
  installErrorHandler,
} from './http/error-handler'
import { AccessLog, serializeRequest } from './http/log-redaction'
import { openApiOptions } from './http/openapi'
import { registerPages, sendNotFoundPage, wantsHtml } from './http/pages'
import { installWarmUps, trackRoutes } from './http/routes'
import { createSecurityHeaders } from './http/security-headers'
import { serializerCompiler } from './http/serializer'
import { accessModule } from './modules/access/access.module'
import type { CarrierRanges } from './modules/access/carrier-ranges'
import { accountsModule } from './modules/accounts/accounts.module'
import { adsModule } from './modules/ads/ads.module'
import { auditModule } from './modules/audit/audit.module'
import { auditionsModule } from './modules/auditions/auditions.module'
import { authModule } from './modules/auth/auth.module'
import { bannersModule } from './modules/banners/banners.module'
import { blogModule } from './modules/blog/blog.module'
import { boothModule } from './modules/booth/booth.module'
import { boothMultipartLimits } from './modules/booth/booth.routes'
import { couponsModule } from './modules/coupons/coupons.module'
import { dynamicLinksModule } from './modules/dynamic-links/dynamic-links.module'
import { createEventBus, type EventBus } from './modules/events'
import { externalAuthModule } from './modules/external-auth/external-auth.module'
import { filesModule } from './modules/files/files.module'
import { helpModule } from './modules/help/help.module'
import { informationModule } from './modules/information/information.module'
import { inquiriesModule } from './modules/inquiries/inquiries.module'
import { membersModule } from './modules/members/members.module'
import { type AppModule, registerModules } from './modules/module'
import { mypageModule } from './modules/mypage/mypage.module'
import { newsModule } from './modules/news/news.module'
import { numbersModule } from './modules/numbers/numbers.module'
import { operatorsModule } from './modules/operators/operators.module'
import { optimizedFlowsModule } from './modules/optimized-flows/optimized-flows.module'
import { paymentsModule } from './modules/payments/payments.module'
import { penaltiesModule } from './modules/penalties/penalties.module'
import { policiesModule } from './modules/policies/policies.module'
import { profileModule } from './modules/profile/profile.module'
import { savingModule } from './modules/saving/saving.module'
import { schoolApplicationsModule } from './modules/school-applications/school-applications.module'
import { sealsModule } from './modules/seals/seals.module'
import { sessionsModule } from './modules/sessions/sessions.module'
import { createSessionsRepository } from './modules/sessions/sessions.repository'
import { createSessionService } from './modules/sessions/sessions.service'
import { throttleModule } from './modules/throttle/throttle.module'
import { timeTravelModule } from './modules/time-travel/time-travel.module'
import type { HttpFetch } from './ports/auth-service'
import type { Clock } from './ports/clock'
import type { Images } from './ports/images'
import type { Mailer } from './ports/mail'
import type { Storage } from './ports/storage'
import { mountSandboxAuth } from './sandbox/auth/sandbox-auth'
import { mountSandboxBlog } from './sandbox/blog/sandbox-blog'
import { mountSandboxPay } from './sandbox/pay/sandbox-pay'
import { memoryBooks, type SandboxBooksStore } from './sandbox/pay/sandbox-pay.gateway'
import { mountSandboxVerify } from './sandbox/verify/sandbox-verify'

/**
 * The modules, in the order they register: a module that needs another's service (`kit.need`)
 * comes after it, and accounts are deleted in this order too (decision 0033). A module may use a
 * service of one listed later only when requests come (`kit.needLater`).
 */
export const MODULES: readonly AppModule[] = [
  filesModule,
  // First: the audit log subscribes to every event, whoever emits it.
  auditModule,
  throttleModule,
  sessionsModule,
  // Any module's console routes know their operator through it (its authenticator is read per request).
  operatorsModule,
  accessModule,
  policiesModule,
  // Early: most modules write an account's columns through it (its own needs wait for requests).
  accountsModule,
  informationModule,
  penaltiesModule,
  sealsModule,
  // The booth before saving: saving's demo saves plays the demo booth pushes.
  boothModule,
  savingModule,
  authModule,
  // Before payments (the au trial reads the flows).
  optimizedFlowsModule,
  paymentsModule,
  mypageModule,
  profileModule,
  externalAuthModule,
  timeTravelModule,
  newsModule,
  bannersModule,
  helpModule,
  adsModule,
  dynamicLinksModule,
  blogModule,
  // After booth (shops, machine models) and accounts (the demo members its demo gives tickets to).
  couponsModule,
  // After profile (the birthday its age rules read).
  auditionsModule,
  // After seals (the checks read whether a seal exists).
  inquiriesModule,
  schoolApplicationsModule,
  numbersModule,
  // After the modules whose services its actions use (penalties, sessions, accounts, payments).
  membersModule,
]

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
  /**
   * The events modules emit and subscribe to (a new bus unless given): a test gives its own to see
   * who listens and to build a module's insides on the same bus.
   */
  events?: EventBus
  /** Where the log goes: nowhere (false), a stream (a test reading it), or standard output. */
  logger?: boolean | { stream: { write(line: string): void } }
}

/**
 * The composition root: every dependency is passed in. The app's frame (headers, compression,
 * sessions, the CSRF guard, the sandboxes) is set up here, then the modules register in their order,
 * then the pages.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock } = deps
  const securityHeaders = createSecurityHeaders({
    production: config.production,
    formTargets: [config.publicUrl, config.authIssuerUrl, config.payment.gatewayUrl],
    // The blog's post pictures come from the blog's own host (decision 0041), unless it is ours.
    imageSources: new URL(config.blogUrl).origin === new URL(config.publicUrl).origin ? [] : [config.blogUrl],
  })
  const accessLog = new AccessLog()
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: { req: serializeRequest },
            ...(typeof deps.logger === 'object' ? { stream: deps.logger.stream } : {}),
          },
    // One access line per answer, not Fastify's two.
    logController: accessLog,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests Node's HTTP parser refuses (headers over 16 KB: 431) answer the wrapper too.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, securityHeaders.all),
    // The router's refusals come before any request hook.
    frameworkErrors: (error, request, reply) => {
      securityHeaders.write(reply)
      // Fastify logs nothing of these answers by itself.
      reply.raw.once('finish', () => accessLog.requestCompleted(null, request, reply))
      // A link with a broken escape (`/web/common/help/answer/%E3%81`) is, to a browser, a page that
      // is not there.
      if (error.code === 'FST_ERR_BAD_URL' && wantsHtml(request))
        return sendNotFoundPage(reply, securityHeaders)
      return answerFrameworkError(error, request, reply)
    },
  })
  // First of the request hooks: an answer any later hook gives carries the headers too.
  app.addHook('onRequest', (_request, reply, done) => {
    securityHeaders.write(reply)
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

  // The frame's: every request's caller is read from its session before any module's route runs.
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
    exemptPrefixes: [
      '/booth/',
      '/pay/',
      `${SANDBOX_AUTH_PATH}/`,
      `${SANDBOX_PAY_PATH}/`,
      `${SANDBOX_VERIFY_PATH}/`,
    ],
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
    await mountSandboxBlog(app, { publicUrl: config.publicUrl })
    await mountSandboxVerify(app, { publicUrl: config.publicUrl, ...config.verifier, now: () => clock.now() })
  }

  const registered = await registerModules(MODULES, {
    app,
    config,
    db,
    storage: deps.storage,
    images: deps.images,
    clock,
    mailer: deps.mailer,
    carrierRanges: deps.carrierRanges,
    fetch: deps.fetch,
    context,
    events: deps.events ?? createEventBus(),
  })

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  registerAdminPages(app, {
    webDistDir: config.webDistDir,
    production: config.production,
    securityHeaders,
  })
  await registerPages(app, {
    webDistDir: config.webDistDir,
    production: config.production,
    context,
    securityHeaders,
    firstScreens: registered.firstScreens,
  })
  return app
}
