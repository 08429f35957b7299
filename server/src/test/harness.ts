import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeEach } from 'vitest'
import { buildApp } from '../app'
import { type AppConfig, loadConfig } from '../config'
import type { Database } from '../db/client'
import { loopbackFetch } from '../http/loopback-fetch'
import { createEventBus, type EventBus } from '../modules/events'
import { fixedClock } from '../ports/clock'
import { createSharpImages } from '../ports/images'
import { createMemoryMailer } from '../ports/mail'
import { createMemoryStorage } from '../ports/storage'
import { resetDatabase, testDatabase } from './database'

export const TEST_NOW = new Date('2026-11-20T03:00:00Z')

export interface TestContext {
  app: FastifyInstance
  db: Database
  storage: ReturnType<typeof createMemoryStorage>
  clock: ReturnType<typeof fixedClock>
  mailer: ReturnType<typeof createMemoryMailer>
  /**
   * The app's event bus: who listens to what (`subscribersOf`), and the bus to build a module's
   * insides on when a test drives them itself (a job with other options), so other modules react.
   */
  events: EventBus
  /**
   * Another server process on the same database, storage and clock (as a second process behind
   * the load balancer would be); closed with the test's app.
   */
  secondProcess(): Promise<FastifyInstance>
}

/**
 * Route-test harness: a fresh app per test over the worker's database (emptied before each test),
 * in-memory storage, and a clock the test controls.
 */
export function useTestApp(
  overrides: Partial<AppConfig> = {},
  /** `log`: the app logs (at the config's level) into this array, a JSON line an entry; else nothing. */
  options: { log?: string[] } = {},
): () => TestContext {
  let context: TestContext | undefined
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' })
  beforeEach(async () => {
    await context?.app.close()
    const handle = await testDatabase()
    await resetDatabase(handle)
    const storage = createMemoryStorage()
    const clock = fixedClock(TEST_NOW)
    const mailer = createMemoryMailer()
    const config = {
      ...base,
      webDistDir: new URL('./fixtures/web-dist', import.meta.url).pathname,
      ...overrides,
    }
    const build = async (events: EventBus) => {
      const app: FastifyInstance = await buildApp({
        config,
        db: handle.db,
        storage,
        images: createSharpImages(),
        clock,
        mailer,
        // Calls to the site's own address (the sandboxes) are answered in-process; nothing else.
        fetch: loopbackFetch(
          config.publicUrl,
          () => app,
          async (url) => {
            throw new TypeError(`fetch failed: ${new URL(url).origin} is not reachable in tests`)
          },
        ),
        logger: options.log ? { stream: { write: (line: string) => options.log?.push(line) } } : false,
        events,
      })
      return app
    }
    const events = createEventBus()
    const app = await build(events)
    const others: FastifyInstance[] = []
    app.addHook('onClose', async () => {
      await Promise.all(others.map((other) => other.close()))
    })
    context = {
      app,
      db: handle.db,
      storage,
      clock,
      mailer,
      events,
      secondProcess: async () => {
        // A process of its own: its own modules subscribe to its own bus.
        const second = await build(createEventBus())
        others.push(second)
        return second
      },
    }
  })
  afterAll(async () => {
    await context?.app.close()
  })
  return () => {
    if (!context) throw new Error('useTestApp: no app before beforeEach ran')
    return context
  }
}

/** The `cookie` header that presents the session an answer set; throws when it set none. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const value = response.cookies.find((c) => c.name === 'pbx_session')?.value
  if (!value) throw new Error('no session cookie in the answer')
  return `pbx_session=${value}`
}

/**
 * A JSON POST as the web app sends it: the CSRF header, the session cookie when given, from a
 * client address (rate limits count by it).
 */
export function postAsBrowser(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  from: { cookie?: string | undefined; ip: string },
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(from.cookie ? { cookie: from.cookie } : {}) },
    payload: payload as object,
    remoteAddress: from.ip,
  })
}
