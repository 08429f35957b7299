import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tools/chromium'
import { OPERATOR_PASSWORD, OPERATORS_FOLDER, TEST_OPERATORS } from './tests/operators'
import { baseURL, LOOK_PORT, lookURL } from './tests/servers'

/**
 * The real built app (npm test builds it first) on its own port and data folder, in Debian's
 * Chromium; and a second one for the look's screenshots (tests/servers.ts says why).
 */
const root = path.resolve(import.meta.dirname, '..')
// A fresh data folder per run for each server. The config is evaluated again in every worker,
// which inherits the variables, so all of them agree on the ones the servers were started with.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'puribox-e2e-'))
process.env.E2E_LOOK_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'puribox-look-'))
const dataDir = process.env.E2E_DATA_DIR
/**
 * Makes each test operator with `npm run operator`, keeping what it printed in DATA_DIR (the shell
 * reads the server's DATA_DIR), unless a data folder given again has them already. The first one
 * runs the migrations (about 6 s); each next one takes about 2 s.
 */
const makeOperators = TEST_OPERATORS.map((operator) => {
  const enrolment = `"$DATA_DIR/${operator.enrolmentFile}"`
  return `{ [ -f ${enrolment} ] || { printf '%s' '${OPERATOR_PASSWORD}' | node --import tsx server/src/operator-command.ts create --mail ${operator.mailAddress} --role ${operator.role} --password-stdin > ${enrolment}.part && mv ${enrolment}.part ${enrolment}; }; }`
}).join(' && ')

/** What `npm start` runs: the bundled server. */
const SERVER = 'node --enable-source-maps --max-semi-space-size=8 server/dist/main.js'

/** Both servers' settings: always the embedded default (PGlite), even when CI sets DATABASE_URL. */
const SERVER_ENV = {
  DATABASE_URL: '',
  // Tests that need a client address of their own (penalties count per address) send
  // X-Forwarded-For; only loopback, where the tests run, is trusted to set it.
  TRUST_PROXY: '127.0.0.1,::1',
  TIME_TRAVEL: 'on',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  MALLOC_ARENA_MAX: '2',
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  // A flake is a bug to fix at its cause, never a test to run again.
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  // The look's screenshots (look.spec.ts), compared with the baselines checked in under e2e/look:
  // one pixel per CSS pixel, no animation or caret, and a little room for antialiasing (a pixel a
  // shade apart, a few pixels at most), never for a moved or changed thing: a 12-pixel square
  // painted on a baseline fails it. `--update-snapshots` redraws them (e2e/look/README.md).
  snapshotPathTemplate: '{testDir}/../look/{arg}{ext}',
  expect: {
    toHaveScreenshot: {
      scale: 'css',
      animations: 'disabled',
      caret: 'hide',
      threshold: 0.2,
      maxDiffPixels: 8,
    },
  },
  projects: [
    { name: 'walks', testIgnore: /look\.spec\.ts$/ },
    { name: 'look', testMatch: /look\.spec\.ts$/, use: { baseURL: lookURL } },
  ],
  webServer: [
    {
      // What `npm start` runs: the bundled server (`npm test` builds it first, in `pretest`), after
      // `npm run operator` has made the console's operators in the same data folder (what it
      // printed, the authenticator secret included, is kept there for the tests). The command must
      // run first: the embedded database is one process's at a time, and it refuses while a server
      // has it open. It runs the migrations the server would otherwise run, so it adds only its own
      // start (a few seconds) to the server's; a data folder given again keeps its operators.
      command: `mkdir -p "$DATA_DIR/${OPERATORS_FOLDER}" && ${makeOperators} && exec ${SERVER}`,
      cwd: root,
      url: `${baseURL}/sp/2/account/self`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: { ...SERVER_ENV, PORT: new URL(baseURL).port, DATA_DIR: dataDir },
    },
    {
      // The look's: a fresh start with its demo data, nothing else (tests/servers.ts).
      command: `exec ${SERVER}`,
      cwd: root,
      url: `${lookURL}/sp/2/account/self`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: { ...SERVER_ENV, PORT: String(LOOK_PORT), DATA_DIR: process.env.E2E_LOOK_DATA_DIR },
    },
  ],
})
