import { writeFileSync } from 'node:fs'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { OPENAPI_DOCUMENT_FILE } from './http/openapi'
import { systemClock } from './ports/clock'
import { createSharpImages } from './ports/images'
import { createMemoryMailer } from './ports/mail'
import { createMemoryStorage } from './ports/storage'

/**
 * `npm run openapi`: writes the OpenAPI document the server serves at /openapi.json to
 * `packages/contract/openapi.json`, the copy checked in for app teams and for review (decision 0023).
 * The app is built as the tests build it, over an empty in-memory database that it never asks.
 */
const database = openDatabase({ databaseUrl: null, pgliteDir: null })
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }),
  db: database.db,
  storage: createMemoryStorage(),
  images: createSharpImages(),
  clock: systemClock,
  mailer: createMemoryMailer(),
  logger: false,
})
const answer = await app.inject({ url: '/openapi.json' })
if (answer.statusCode !== 200) throw new Error(`GET /openapi.json answered ${answer.statusCode}`)
writeFileSync(OPENAPI_DOCUMENT_FILE, `${JSON.stringify(answer.json(), null, 2)}\n`)
await app.close()
await database.close()
console.info(`wrote ${OPENAPI_DOCUMENT_FILE}`)
