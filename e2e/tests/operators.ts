import path from 'node:path'

/**
 * The console's operators of the main test server: playwright.config.ts runs `npm run operator`
 * for each before the server opens the database, and keeps what the command printed (the
 * authenticator secret included) in DATA_DIR, where the tests read it.
 *
 * The server takes each authenticator code once, so two tests signing in as one operator within
 * the same 30 seconds would refuse each other: each group of tests that signs in has operators of
 * its own (the journeys their support operator, the console walk one operator per role).
 */

/** The password every operator of the tests is made with (given to the command on standard input). */
export const OPERATOR_PASSWORD = 'console-sakura-2026'

/** Where in DATA_DIR the config keeps what the command printed for each operator. */
export const OPERATORS_FOLDER = 'operators'

/** An operator the config makes: who, with which role, and where what the command printed is kept. */
export interface TestOperator {
  mailAddress: string
  role: 'viewer' | 'support' | 'editor' | 'admin'
  /** What the command printed, relative to DATA_DIR. */
  enrolmentFile: string
}

function operator(name: string, role: TestOperator['role']): TestOperator {
  return {
    mailAddress: `${name}@team.puribox.jp`,
    role,
    enrolmentFile: path.join(OPERATORS_FOLDER, `${name}.txt`),
  }
}

/** The support operator of the console journeys: people's cases (applications, inquiries, penalties). */
export const SUPPORT_OPERATOR = operator('support', 'support')

/** The console walk's operators, one per role. */
export const WALK_OPERATORS = [
  operator('walk-viewer', 'viewer'),
  operator('walk-support', 'support'),
  operator('walk-editor', 'editor'),
  operator('walk-admin', 'admin'),
] as const

/** Every operator the config makes before the server starts. */
export const TEST_OPERATORS: readonly TestOperator[] = [SUPPORT_OPERATOR, ...WALK_OPERATORS]
