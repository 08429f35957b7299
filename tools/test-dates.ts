/**
 * npm run test:dates — the unit, server (PGlite) and web tests with the machine's clock moved by
 * Debian's faketime to the instants where a date bug shows: a year on, Japan's midnight (seen from
 * a UTC machine and from a Japanese one), the school year's change that ends the junior-high plan,
 * a leap day and a month's end (monthly coupons and renewals). The tests take "now" from their own
 * clock, so they must pass at every one of them; a test that reads the machine's clock fails here.
 *
 * Each run prints the exact command that replays it. The PostgreSQL project is left out: the
 * database server keeps the real clock, so its `now()` would disagree with the moved one.
 *
 * TEST_DATES=<n,n,…> runs only those instants (by their number in the list); TEST_DATES=daily one of
 * them, a different one each day (what CI runs when its time allows).
 */
import { spawnSync } from 'node:child_process'

const DAY_MS = 24 * 60 * 60 * 1000

interface Instant {
  why: string
  /** The moment, as a UTC instant. */
  at: Date
  /** The machine's time zone for this run. */
  tz: 'UTC' | 'Asia/Tokyo'
}

const instants: Instant[] = [
  { why: 'a year and a month from today', at: new Date(Date.now() + 400 * DAY_MS), tz: 'UTC' },
  { why: "10 s before Japan's midnight, on a UTC machine", at: new Date('2027-01-01T14:59:50Z'), tz: 'UTC' },
  {
    why: "10 s before Japan's midnight, on a Japanese machine",
    at: new Date('2027-01-01T14:59:50Z'),
    tz: 'Asia/Tokyo',
  },
  {
    why: 'the last seconds of the school year (31 March, Japan)',
    at: new Date('2027-03-31T14:59:50Z'),
    tz: 'UTC',
  },
  {
    why: 'the first moment of the school year (1 April, Japan)',
    at: new Date('2027-03-31T15:00:05Z'),
    tz: 'UTC',
  },
  { why: 'a leap day, noon in Japan', at: new Date('2028-02-29T03:00:00Z'), tz: 'Asia/Tokyo' },
  { why: "a month's last seconds (31 January, Japan)", at: new Date('2027-01-31T14:59:50Z'), tz: 'UTC' },
]

/** `YYYY-MM-DD HH:MM:SS` of `at` in `tz`: faketime reads its start time in the process's zone. */
function wallClock(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at)
}

function hasFaketime(): boolean {
  return spawnSync('faketime', ['-f', '+0', 'true'], { stdio: 'ignore' }).status === 0
}

if (!hasFaketime()) {
  console.error(
    "npm run test:dates needs Debian's faketime. Install it with:\n  sudo apt-get install -y faketime",
  )
  process.exit(1)
}

/** `TEST_DATES=daily` (CI): one instant, a different one each day of the year (UTC). */
function dailyChoice(): number {
  const today = new Date()
  const dayOfYear = Math.floor((today.getTime() - Date.UTC(today.getUTCFullYear(), 0, 1)) / DAY_MS)
  return (dayOfYear % instants.length) + 1
}

const chosen =
  process.env.TEST_DATES === 'daily'
    ? [dailyChoice()]
    : process.env.TEST_DATES?.split(',').map((n) => Number(n.trim()))
const runs = instants
  .map((instant, index) => ({ ...instant, number: index + 1 }))
  .filter((instant) => !chosen || chosen.includes(instant.number))
const projects = ['--project', 'unit', '--project', 'server', '--project', 'web']
const failed: string[] = []

for (const run of runs) {
  const start = wallClock(run.at, run.tz)
  const replay = `TZ=${run.tz} faketime '${start}' npx vitest run ${projects.join(' ')}`
  console.log(`\n▸ ${run.number}/${instants.length}: ${run.why} — ${run.at.toISOString()}\n  ${replay}`)
  const result = spawnSync('faketime', [start, 'npx', 'vitest', 'run', ...projects], {
    stdio: 'inherit',
    // DATABASE_URL would add the PostgreSQL project, whose server's clock faketime cannot move.
    env: { ...process.env, TZ: run.tz, DATABASE_URL: '' },
  })
  if (result.status !== 0) failed.push(`${run.number}: ${run.why} (${replay})`)
}

if (failed.length > 0) {
  console.error(`\nFailed at ${failed.length} of ${runs.length} instants:\n${failed.join('\n')}`)
  process.exit(1)
}
console.log(`\nPassed at all ${runs.length} instants.`)
