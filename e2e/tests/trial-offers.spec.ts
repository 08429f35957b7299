import { expect, expectAccessible, newMemberFromAPlay, screenshots, test } from './support'

const OFFER = '31日間無料で試す'

test.describe('the au trial where its flows offer it', () => {
  test.describe('on the au network', () => {
    test.use({ extraHTTPHeaders: { 'X-PuriBox-Carrier': 'ezweb' } })

    test('a free member is offered it on the puri grid, my page and the puri-get landing, each leading to its start', async ({
      page,
    }, testInfo) => {
      const sealId = await newMemberFromAPlay(page, 'trial-offers')

      // The puri grid: a seal's pictures, below saving.
      await page.goto(`/web/preview?sealId=${sealId}`)
      await expect(page.getByRole('link', { name: OFFER })).toBeVisible()
      await screenshots(page, testInfo, '1-puri-grid')
      await expectAccessible(page)

      // My page: below the newest play, whose pictures stay on the first screen.
      await page.goto('/sp/2/mypage/#/puri/new')
      await expect(page.getByRole('link', { name: OFFER })).toBeVisible()
      await expect(page.getByRole('img').first()).toBeInViewport()
      await screenshots(page, testInfo, '2-my-page')
      await expectAccessible(page)

      // The puri-get landing: under the seal-ID form.
      await page.goto('/sp/puri/get')
      await expect(page.getByRole('link', { name: OFFER })).toBeVisible()
      await screenshots(page, testInfo, '3-puri-get')
      await expectAccessible(page)
      await page.getByRole('link', { name: OFFER }).click()
      await expect(page).toHaveURL(/\/sp\/auoneadmit\/au_trial_start$/)
      await expect(page.getByText(/31日間無料、その後月額330円（税込）/).first()).toBeVisible()
    })
  })

  test('not on wifi: the same member sees no offer on those screens', async ({ page }) => {
    const sealId = await newMemberFromAPlay(page, 'trial-offers-wifi')
    for (const path of [`/web/preview?sealId=${sealId}`, '/sp/2/mypage/#/puri/new', '/sp/puri/get']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expect(page.getByRole('link', { name: OFFER })).toHaveCount(0)
    }
  })
})
