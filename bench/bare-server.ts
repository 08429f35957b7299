/**
 * The ceiling for the API benchmark: a trivial Fastify JSON route, the same Fastify the server uses
 * (resolved from the server workspace), measured in the same run as PuriBox's endpoints.
 * PORT=3901 node --import tsx bench/bare-server.ts → GET /bare answers { hello: 'world' }.
 */
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

const fromServer = createRequire(new URL('../server/package.json', import.meta.url))
const { default: Fastify } = (await import(
  pathToFileURL(fromServer.resolve('fastify')).href
)) as typeof import('fastify')

const app = Fastify({ logger: false })
app.get('/bare', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT ?? 3901), host: process.env.HOST ?? '127.0.0.1' })

const stop = () => void app.close().then(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
