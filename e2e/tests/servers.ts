/**
 * The two servers the browser tests run against (playwright.config.ts starts both): where they
 * listen. Both are the real built app on the embedded database, each with a data folder of its own.
 *
 * - The walks' server (`baseURL`) is shared by every spec but one: tests add plays, members, news
 *   and payments to it as they go, so what a page shows depends on what ran before.
 * - The look's server (`lookURL`) is used by look.spec.ts alone, which only looks: its pages show
 *   the demo data of a fresh start and nothing else, so their screenshots can be compared with
 *   the checked-in baselines.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210)

export const baseURL = `http://localhost:${PORT}`

export const LOOK_PORT = PORT + 1

export const lookURL = `http://localhost:${LOOK_PORT}`
