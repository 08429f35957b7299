import { apiPaths } from '@puribox/contract/api-paths'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { systemActor } from '../actor'
import { hashPassword } from '../auth/passwords'
import type { PolicyService } from '../policies/policies.service'
import { SESSION_COOKIE } from '../sessions/sessions.service'
import type { AccountService } from './accounts.service'
import { membershipAt } from './membership'
import { schoolPremiumEnd } from './school-premium'

export const DEMO_PASSWORD = 'puribox-demo-1'

/**
 * The demo accounts (docs/guide/ground-rules.md). The premium one pays by credit card (`seedDemoPayments`); the
 * junior-high one has the junior-high free premium of a second-year pupil, granted as an approval
 * grants it (decision 0047).
 */
export const DEMO_ACCOUNTS = [
  { mailAddress: 'mini@demo.puribox.jp', membershipStatus: 'MINI', official: false },
  { mailAddress: 'premium@demo.puribox.jp', membershipStatus: 'PREMIUM', official: false },
  { mailAddress: 'official@demo.puribox.jp', membershipStatus: 'MINI', official: true },
  { mailAddress: 'jhs@demo.puribox.jp', membershipStatus: 'JHS_PREMIUM', official: false },
] as const

/** Who makes the demo data. */
const DEMO_ACTOR = systemActor('demo data')

/** The demo junior-high account's school grade. */
export const DEMO_JHS_GRADE = 2

/**
 * The demo accounts (password `puribox-demo-1`), which have agreed to the policies in force. Safe to
 * run at every start: what exists is left as it is (a policy published later is for the demo
 * accounts to agree to, like anyone).
 */
export async function seedDemoAccounts(
  deps: {
    accounts: Pick<AccountService, 'findByMails' | 'create' | 'grantSchoolPremium'>
    policies: Pick<PolicyService, 'inForce' | 'recordAgreements'>
  },
  db: Database,
  now: Date,
): Promise<void> {
  const known = new Set(
    (await deps.accounts.findByMails(DEMO_ACCOUNTS.map((demo) => demo.mailAddress))).map(
      (row) => row.mailAddress,
    ),
  )
  const missing = DEMO_ACCOUNTS.filter((demo) => !known.has(demo.mailAddress))
  if (missing.length === 0) return
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const inForce = await deps.policies.inForce()
  for (const demo of missing) {
    const account = await deps.accounts.create({
      mailAddress: demo.mailAddress,
      official: demo.official,
      passwordHash,
      registeredAt: now,
    })
    if (!account) continue
    await deps.policies.recordAgreements(account.id, inForce, now)
    if (demo.membershipStatus === 'JHS_PREMIUM') {
      const until = schoolPremiumEnd(DEMO_JHS_GRADE, now)
      await db.transaction((tx) =>
        deps.accounts.grantSchoolPremium(tx, { accountId: account.id, until, now, actor: DEMO_ACTOR }),
      )
    }
  }
}

/** The headers of a demo account's requests once signed in (the session cookie by whatever name it has here). */
export type DemoHeaders = Record<string, string>

/**
 * Runs `work` signed in as a demo account, the way a person is (`POST /sp//ajax/login/`), and signs
 * out afterwards whatever happens. `work` is given the headers of its requests. Sign in only to
 * change something: each sign-in counts against the client address's limit (127.0.0.1 here), which a
 * developer signing in from the same computer shares.
 */
export async function asDemoMember<T>(
  app: FastifyInstance,
  mailAddress: string,
  work: (headers: DemoHeaders) => Promise<T>,
): Promise<T> {
  const xhr = { 'x-requested-with': 'XMLHttpRequest' }
  const login = await app.inject({
    method: 'POST',
    url: apiPaths.login.path,
    headers: xhr,
    payload: { mailAddress, password: DEMO_PASSWORD },
  })
  // The session cookie by whatever name it has here (`__Host-` where cookies are Secure).
  const session = login.cookies.find((cookie) => cookie.name.endsWith(SESSION_COOKIE))
  if (login.statusCode !== 200 || !session) throw new Error(`demo sign-in failed: ${login.body}`)
  const headers = { ...xhr, cookie: `${session.name}=${session.value}` }
  try {
    return await work(headers)
  } finally {
    await app.inject({ method: 'POST', url: apiPaths.logout.path, headers })
  }
}

/**
 * The demo premium account pays by credit card, the way anyone does: signed in, it
 * starts a subscription, approves it on the sandbox gateway's consent page with the test card, and
 * the gateway's notification makes it premium. Run after the app is built, at every start: an
 * account that has stopped paying (a tester cancelled it) subscribes again. One that is premium is
 * not even signed in (a start signs in only to change something: sign-ins count against the
 * address's limit, which a developer signing in from the same computer shares).
 */
export async function seedDemoPayments(
  app: FastifyInstance,
  accounts: Pick<AccountService, 'findByMails'>,
  now: Date,
): Promise<void> {
  const paying = DEMO_ACCOUNTS.filter((account) => account.membershipStatus === 'PREMIUM')
  const rows = await accounts.findByMails(paying.map((demo) => demo.mailAddress))
  for (const row of rows) {
    if (membershipAt(row, now) === 'PREMIUM' || !row.mailAddress) continue
    await asDemoMember(app, row.mailAddress, async (headers) => {
      const started = await app.inject({
        method: 'POST',
        url: apiPaths.startSubscription.path,
        headers,
        payload: { kind: 'CREDIT' },
      })
      if (started.json().error?.code === 'ALREADY_PREMIUM') return
      if (started.statusCode !== 200) throw new Error(`demo subscription failed: ${started.body}`)
      const consent = new URL(started.json().entity.redirectUrl as string)
      const approved = await app.inject({
        method: 'POST',
        url: consent.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'answer=approve&card=4242424242424242&expiry=12%2F30&code=123',
      })
      if (approved.statusCode !== 303) throw new Error(`demo consent failed: ${approved.statusCode}`)
      await app.sandboxPay?.deliverDue()
    })
  }
}
