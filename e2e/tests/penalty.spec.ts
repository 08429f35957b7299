import type { Page, TestInfo } from '@playwright/test'
import { expect, pushDemoPlay, test } from './support'

// Guests' penalties count per browser and, as a backstop, per client address: each test gets an
// address of its own, so the other tests (all from loopback) never share its counts. A retry gets
// another address.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 250)}` } })

/** The n-th well-formed seal ID that no booth ever printed, as printed on a sheet. */
const unknownId = (n: number) => `ZZZZZ-${String(n).padStart(5, '0')}`

/** Every seal lookup the page sends (the penalty counts what reaches the server, not what it shows). */
function countLookups(page: Page): () => number {
  let lookups = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/sp/2/seals/')) lookups += 1
  })
  return () => lookups
}

async function typeSealId(page: Page, sealId: string) {
  await page.getByRole('textbox', { name: 'シールID' }).fill(sealId)
  await page.getByRole('button', { name: 'プリを見る' }).click()
}

/** The page at 320 and 390 px wide, for a person to look at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 })
    await page.screenshot({ scale: 'css', path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

test('nine unknown seal IDs typed into the form: asked once each, not held, and warned before the tenth', async ({
  page,
}, testInfo) => {
  const lookups = countLookups(page)
  await page.goto('/web/puri/form_seal_id')
  const alert = page.getByRole('alert')
  for (let n = 1; n <= 9; n++) {
    await typeSealId(page, unknownId(n))
    await expect(alert).toContainText('このシールIDのプリは見つかりませんでした')
    // The form comes back with the ID as printed, ready to correct.
    await expect(page.getByRole('textbox', { name: 'シールID' })).toHaveValue(unknownId(n))
    await expect.poll(lookups).toBe(n)
    if (n < 7) await expect(alert).not.toContainText('まちがえると')
  }
  await expect(alert).toContainText('あと1回まちがえると、しばらくシールIDを入力できなくなります。')
  await screenshots(page, testInfo, 'warning')

  // The same wrong ID again does not bring the pause closer.
  await typeSealId(page, unknownId(9))
  await expect.poll(lookups).toBe(10)
  await expect(alert).toContainText('あと1回まちがえると')

  // Not held: a real seal still opens.
  const { sealId } = await pushDemoPlay({ regular: 2, raw: 0 })
  await typeSealId(page, sealId)
  await expect(page).toHaveURL(new RegExp(`/web/preview\\?sealId=${sealId}`))
  await expect(page.locator('img[src*="/sp/puri/thum.jpg"]')).toHaveCount(2)
})

test('the tenth unknown seal ID pauses lookups; the page says the clock time they start again and the ways out', async ({
  page,
}, testInfo) => {
  await page.goto('/web/puri/form_seal_id')
  // Nine wrong IDs first, as a hurried person would type them (the browser keeps its cookie).
  for (let n = 1; n <= 9; n++) {
    const response = await page.request.get(`/sp/2/seals/${unknownId(n).replace('-', '')}`)
    expect(response.status()).toBe(404)
  }
  const before = Date.now()
  await typeSealId(page, unknownId(10))
  const after = Date.now()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('このシールIDのプリは見つかりませんでした')
  await expect(alert).toContainText(
    'まちがったシールIDの入力が続いたため、しばらくシールIDを入力できません。',
  )
  await expect(page.getByRole('textbox', { name: 'シールID' })).toHaveCount(0)

  // The clock time, in Japan time: an hour after the tenth, rounded up to the minute.
  const liftsAt = /(?:明日 )?(\d{2}):(\d{2})から入力できます。/
  const shown = liftsAt.exec((await alert.textContent()) ?? '')
  expect(shown, 'the clock time the pause ends').not.toBeNull()
  const minuteOfDay = (at: number) => {
    const japan = new Date(at + 9 * 60 * 60 * 1000)
    return japan.getUTCHours() * 60 + japan.getUTCMinutes()
  }
  const shownMinute = Number(shown![1]) * 60 + Number(shown![2])
  const earliest = minuteOfDay(before + 60 * 60 * 1000)
  expect([earliest, (earliest + 1) % 1440, (minuteOfDay(after + 60 * 60 * 1000) + 1) % 1440]).toContain(
    shownMinute,
  )
  expect(await alert.textContent()).not.toContain('ほど')

  // Any ID now, even on the preview's address, is refused with the same time; a real seal too.
  const { sealId } = await pushDemoPlay({ regular: 1, raw: 0 })
  await page.goto(`/sp/puri/get?sealId=${sealId}&from=inputSealId`)
  await expect(alert).toContainText('しばらくシールIDを入力できません。')
  await expect(alert).toContainText(shown![0])

  // 48½ minutes later (time travel, for this session) the end is the same clock time.
  const inJapan = new Date(Date.now() + 48.5 * 60 * 1000 + 9 * 60 * 60 * 1000).toISOString().slice(0, 19)
  const travel = await page.request.put('/sp/2/debug/time_travel', {
    data: { date: inJapan },
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  })
  expect(travel.status()).toBe(200)
  await page.goto(`/sp/puri/get?sealId=${unknownId(11).replace('-', '')}&from=inputSealId`)
  await expect(alert).toContainText(shown![0])
  await screenshots(page, testInfo, 'paused')

  // Ways out: the penalty page, and back to the top.
  await page.getByRole('link', { name: 'ペナルティについて詳しく見る' }).click()
  await expect(page).toHaveURL(/\/sp\/common\/aboutPenalty$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ペナルティについて')
  await page.goBack()
  await page.getByRole('link', { name: 'トップへ戻る' }).click()
  await expect(page).toHaveURL(/\/sp\/top\/menu$/)
  await expect(page.getByRole('textbox', { name: 'シールID' })).toBeVisible()
})
