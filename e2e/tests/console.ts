import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type BrowserContext, expect, type Page } from '@playwright/test'
import { totpCodeAt } from '../../server/src/modules/operators/second-factor'
import { OPERATOR_PASSWORD, SUPPORT_OPERATOR, type TestOperator } from './operators'

/**
 * The operators of the browser tests' console, and signing them in as a person does: the mail
 * address, the password and the code their authenticator app shows, computed here from the secret
 * `npm run operator` printed.
 */

/** An operator as `npm run operator -- create` made them: who, and what it printed once. */
export interface Operator {
  mailAddress: string
  password: string
  /** The authenticator app's secret (base32), from the command's `secret:` line. */
  totpSecret: string
}

/** The authenticator secret in what `npm run operator -- create` (or `reset`) printed. */
export function totpSecretIn(printed: string): string {
  const secret = /^ {2}secret: ([A-Z2-7]+)$/m.exec(printed)?.[1]
  if (!secret) throw new Error(`no authenticator secret in what the operator command printed:\n${printed}`)
  return secret
}

/** The password the command made up (`--generate-password`), as it printed it. */
export function generatedPasswordIn(printed: string): string {
  const password = /^Password \(made up for [^;]+; shown only now\): (\S+)$/m.exec(printed)?.[1]
  if (!password) throw new Error(`no password in what the operator command printed:\n${printed}`)
  return password
}

/** An operator of the main test server, read from the file the config's command wrote. */
export async function testOperator(operator: TestOperator): Promise<Operator> {
  const printed = await readFile(path.join(process.env.E2E_DATA_DIR ?? '', operator.enrolmentFile), 'utf8')
  return { mailAddress: operator.mailAddress, password: OPERATOR_PASSWORD, totpSecret: totpSecretIn(printed) }
}

/** The support operator of the console journeys. */
export function supportOperator(): Promise<Operator> {
  return testOperator(SUPPORT_OPERATOR)
}

/**
 * Signs in at /admin through the form, with the code the authenticator app shows now, and waits
 * for the console's home. The server takes each code once: an operator signs in once per 30-second
 * step (the tests that share one operator share its session instead, see `consoleSession`).
 */
export async function signInToConsole(page: Page, operator: Operator): Promise<void> {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible()
  await page.getByLabel('メールアドレス').fill(operator.mailAddress)
  await page.getByLabel('パスワード', { exact: true }).fill(operator.password)
  await page.getByLabel('確認コード').fill(await totpCodeAt(operator.totpSecret, new Date()))
  await page.getByRole('button', { name: 'ログイン' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(operator.mailAddress)
}

/** The console's cookies of a signed-in operator, kept for the next test of the same worker. */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['cookies']>>>()

/**
 * The operator signed in on this laptop: through the form the first time in this worker, then with
 * the session that sign-in opened, as an operator keeps one tab open through a shift. A test run
 * alone signs in itself.
 */
export async function consoleSession(laptop: BrowserContext, operator: Operator): Promise<Page> {
  const page = await laptop.newPage()
  const kept = sessions.get(operator.mailAddress)
  if (kept) {
    await laptop.addCookies(kept)
    await page.goto('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toBeVisible()
  } else {
    await signInToConsole(page, operator)
    sessions.set(operator.mailAddress, await laptop.cookies())
  }
  return page
}

/** Opens a section of the console from its menu, as an operator does (its name as the menu says it). */
export async function openSection(page: Page, name: string): Promise<void> {
  const link = page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name, exact: true })
  await link.click()
  await expect(link).toHaveAttribute('aria-current', 'page')
}

/**
 * The console's audit log narrowed to one target through its filters, as an operator asks it:
 * `targetKind` is the kind's name in the form's list.
 */
export async function openAuditLog(page: Page, filters: { targetKind: string; targetId: string }) {
  await openSection(page, '監査ログ')
  await page.getByLabel('対象の種類').selectOption({ label: filters.targetKind })
  await page.getByLabel('対象ID').fill(filters.targetId)
  await page.getByRole('button', { name: 'この条件で表示' }).click()
  await expect(page.getByText('2件の条件で絞り込み中')).toBeVisible()
}

/**
 * The newest audit entry of `action` (its label as the console names it) on the audit page open
 * now, expected to name the operator who did it.
 */
export async function expectAuditEntry(page: Page, action: string, operatorMail: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible()
  const entry = page.getByRole('row').filter({ hasText: action }).first()
  await expect(entry).toBeVisible()
  await expect(entry).toContainText(operatorMail)
}
