import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { MAINTENANCE_INTERVAL_MS } from './db/maintenance'
import { loopbackFetch } from './http/loopback-fetch'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './modules/accounts/accounts.demo'
import { systemClock } from './ports/clock'
import { createSharpImages } from './ports/images'
import { createFileMailer, createSmtpMailer, MAIL_LOGO_FILE } from './ports/mail'
import { createFileStorage } from './ports/storage'
import { fileBooks } from './sandbox/pay/sandbox-pay.gateway'
import { displayPath, startMessage } from './start-message'

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }

  const database = openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir })
  await database.migrate()

  const storage = createFileStorage(config.filesDir)
  const app: FastifyInstance = await buildApp({
    config,
    db: database.db,
    storage,
    images: createSharpImages(),
    clock: systemClock,
    // Mails carry the logo the web build drew (their HTML part's header).
    mailer: config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, path.join(config.webDistDir, MAIL_LOGO_FILE))
      : createFileMailer(config.mailDir, config.mailFrom, path.join(config.webDistDir, MAIL_LOGO_FILE)),
    // The sandbox payment gateway (outside production) keeps its books next to the data, so a
    // restart does not forget who pays; it delivers its notifications and renews by itself.
    sandboxPay: { books: fileBooks(path.join(config.dataDir, 'sandbox-pay.json')), autoRun: true },
    // The site's own address (the sandboxes outside production) is answered in-process.
    fetch: loopbackFetch(config.publicUrl, () => app),
  })

  // Content every environment needs (the legal pages, help), each module's own; what exists and
  // operators' edits are kept.
  await app.seedContent()

  // The demo shop, booth and accounts (docs/guide/ground-rules.md), each module's own; what exists is left alone.
  if (config.seedDemo) await app.seedDemo()

  // Each module's housekeeping, hourly (the app lists them; each in real time, never a session's
  // time travel, decision 0014). Several processes may run them at once.
  const sweep = () =>
    Promise.all(app.housekeeping.map((job) => job.run())).catch((error: unknown) =>
      app.log.error({ err: error }, 'housekeeping failed'),
    )
  void sweep()
  const housekeeping = setInterval(sweep, 60 * 60 * 1000).unref()

  // The embedded engine's autovacuum (decision 0017); one round at a time, the first one now.
  let maintaining: Promise<void> | null = null
  const maintain = () => {
    maintaining ??= database
      .maintain()
      .then((chores) => {
        if (chores.length > 0) app.log.debug({ chores }, 'tables vacuumed and analyzed')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'table maintenance failed'))
      .finally(() => {
        maintaining = null
      })
  }
  void maintain()
  const maintenance = setInterval(maintain, MAINTENANCE_INTERVAL_MS).unref()

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    clearInterval(housekeeping)
    clearInterval(maintenance)
    await maintaining
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  if (config.production) {
    app.log.info(
      `PuriBox: http://localhost:${config.port}/sp/top/menu (database: ${database.engine}, data: ${config.dataDir})`,
    )
  } else {
    // Outside production a person reads this, not a log collector: plain text on standard output.
    console.log(
      startMessage({
        publicUrl: config.publicUrl,
        host: config.host,
        port: config.port,
        database: database.engine,
        dataDir: displayPath(config.dataDir, process.cwd()),
        logLevel: config.logLevel,
        demo: config.seedDemo ? { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS } : null,
        lanAddresses: lanAddresses(),
      }),
    )
  }
}

/** This computer's IPv4 addresses on its networks (not loopback). */
function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => address.family === 'IPv4' && !address.internal)
    .map((address) => address.address)
}

await main()
