import path from 'node:path'

/**
 * The console's operators of the main test server: playwright.config.ts runs `npm run operator`
 * for them before the server opens the database, and keeps what the command printed (the
 * authenticator secret included) in DATA_DIR, where the tests read it.
 */

/** The password every operator of the tests is made with (given to the command on standard input). */
export const OPERATOR_PASSWORD = 'console-sakura-2026'

/** The support operator: people's cases (applications, inquiries, penalties). */
export const SUPPORT_OPERATOR = {
  mailAddress: 'support@team.puribox.jp',
  role: 'support',
  /** What the command printed, relative to DATA_DIR. */
  enrolmentFile: path.join('operators', 'support.txt'),
} as const
