import type { Page } from '@playwright/test'
import { addDays, formatJst, parseJst } from '@puribox/contract/time'
import { expect, newMemberFromAPlay, screenshots, test } from './support'

/** A new free member who saved one puri of a fresh play (four regular, one raw): four wait. */
const newMiniWithUnsavedPuris = (page: Page, name: string) => newMemberFromAPlay(page, name)

/** Time travel for this session (the debug page), to a wire date `YYYY-MM-DDTHH:mm`. */
async function travelTo(page: Page, when: string) {
  await page.goto('/sp/debug/time_travel')
  await page.getByLabel('日時（日本時間）').fill(when)
  await page.getByRole('button', { name: 'この日時に設定' }).click()
  await expect(page.getByText(/に設定しました。/)).toBeVisible()
}

/**
 * Premium by card, as a member does it: the landing, the final confirmation with the commercial-law
 * terms, the sandbox gateway's consent page (the test card is filled in), and back at PuriBox once
 * the gateway's notification has come. `shot` takes a screenshot of each step when given.
 */
async function payByCard(page: Page, shot: (name: string) => Promise<unknown> = async () => {}) {
  await page.goto('/web/payment')
  await expect(page.getByRole('heading', { name: 'プレミアム会員', level: 1 })).toBeVisible()
  await expect(page.getByText('月額330円（税込）').first()).toBeVisible()
  await shot('1-payment.png')
  await page.getByRole('link', { name: 'クレジットカードで申し込む' }).click()
  await expect(page).toHaveURL(/\/web\/payment\/credit$/)
  await expect(page.getByRole('heading', { name: 'お申し込み内容の確認' })).toBeVisible()
  await expect(page.getByRole('link', { name: /特定商取引法に基づく表記/ }).first()).toBeVisible()
  await shot('2-confirm.png')
  await page.getByRole('button', { name: '申し込む（月額330円・税込）' }).click()

  await expect(page).toHaveURL(/\/_sandbox\/pay\/consent\//)
  await expect(page.getByText('月額330円（税込）')).toBeVisible()
  await shot('3-gateway.png')
  await page.getByRole('button', { name: '330円を支払う（毎月自動更新）' }).click()

  await expect(page).toHaveURL(/\/web\/payment\/complete\?subscriptionId=/)
  await expect(page.getByRole('heading', { name: 'プレミアム会員になりました' })).toBeVisible({
    timeout: 15_000,
  })
  await shot('4-complete.png')
}

/**
 * Signs in by au through the sandbox auth service as one of its test people (registering on first
 * use), agreeing to the policies if PuriBox asks, and ends on the payment page.
 */
async function signInByAu(page: Page, person: string) {
  await page.goto('/sp/account/carrier_auth?carrier=au&next=%2Fweb%2Fpayment')
  await page.getByRole('button', { name: person }).click()
  await page.waitForURL((url) => url.pathname === '/web/payment' || url.pathname.includes('/agreement'))
  if (page.url().includes('/agreement')) {
    await page.getByRole('button', { name: '同意する' }).click()
    await page.waitForURL((url) => url.pathname === '/web/payment')
  }
}

test.describe('premium', () => {
  test('mini → credit card through the gateway → every puri saved → cancel → premium to the end of the period → free', async ({
    page,
  }, testInfo) => {
    await newMiniWithUnsavedPuris(page, 'premium-card')
    await payByCard(page, (name) =>
      page.screenshot({ scale: 'css', path: testInfo.outputPath(name), fullPage: true }),
    )
    await page.getByRole('link', { name: 'マイページへ' }).click()

    // Every puri of the play was saved on upgrade, the raw one included; nothing waits any more.
    await expect(page).toHaveURL(/\/sp\/2\/mypage\/#\/puri\/new$/)
    await expect(page.locator('img[src^="/sp/2/mypage/image/"]')).toHaveCount(5)
    await expect(page.locator('.saved-play__unsaved')).toHaveCount(0)
    // The header's button has no count any more (a new member: the default nickname).
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'ゲスト マイページ', exact: true }),
    ).toBeVisible()

    // Leaving: the footer's link, the card's page, cancelled at once.
    await page.goto('/sp/payment/cancel')
    await expect(page.getByRole('heading', { name: 'プレミアム会員の解約' })).toBeVisible()
    await page.getByRole('link', { name: '解約手続きへ' }).click()
    await expect(page).toHaveURL(/\/sp\/payment\/unsubscribe\/credit$/)
    await expect(page.getByRole('heading', { name: 'プレミアム会員の解約', level: 1 })).toBeVisible()
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('5-unsubscribe.png'), fullPage: true })
    await page.getByRole('button', { name: '解約する' }).click()
    await expect(page.getByText('解約しました').first()).toBeVisible()
    const until = page.getByText(/までプレミアム会員としてご利用いただけます/).first()
    await expect(until).toBeVisible()
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('6-cancelled.png'), fullPage: true })

    // Still premium until the end of the paid period (a month from now)...
    const self = await page.request.get('/sp/2/payment/self')
    const { premiumUntil } = (await self.json()).entity as { premiumUntil: string }
    const end = parseJst(premiumUntil)
    if (!end) throw new Error(`unexpected premiumUntil ${premiumUntil}`)
    await travelTo(page, formatJst(addDays(end, -1)).slice(0, 16))
    await page.goto('/sp/setting/setting')
    await expect(page.locator('#main').getByText('プレミアム会員', { exact: true })).toBeVisible()

    // ...and a free member after it, with the saved pictures kept.
    await travelTo(page, formatJst(addDays(end, 1)).slice(0, 16))
    await page.goto('/sp/setting/setting')
    await expect(page.locator('#main').getByText('無料会員', { exact: true })).toBeVisible()
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('7-free-again.png'), fullPage: true })
    await page.goto('/sp/2/mypage/')
    await expect(page.locator('img[src^="/sp/2/mypage/image/"]')).toHaveCount(5)
  })

  test('a card cancelled by mistake: 「解約を取り消す」 while the paid period lasts, and it renews again', async ({
    page,
  }, testInfo) => {
    await newMiniWithUnsavedPuris(page, 'premium-undo')
    await payByCard(page)
    await page.goto('/sp/payment/unsubscribe/credit')
    await expect(page.getByRole('heading', { name: 'プレミアム会員の解約', level: 1 })).toBeVisible()
    await expect(page.getByText('解約の流れ')).toHaveCount(0)
    await page.getByRole('button', { name: '解約する' }).click()
    await expect(page.getByRole('heading', { name: '解約しました' })).toBeVisible()
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 })
      await page.screenshot({
        scale: 'css',
        path: testInfo.outputPath(`undo-offered-${width}.png`),
        fullPage: true,
      })
    }

    // Later, from the cancel page the footer leads to.
    await page.goto('/sp/payment/cancel')
    await expect(page.getByText(/^解約済みです。/)).toBeVisible()
    await page.getByRole('button', { name: '解約を取り消す' }).click()
    await expect(page.getByRole('heading', { name: '解約を取り消しました' })).toBeVisible()
    await expect(page.getByText(/プレミアム会員が続きます。次回のお支払いは/)).toBeVisible()
    await expect(page.getByRole('link', { name: '解約手続きへ' })).toBeVisible()
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 })
      await page.screenshot({
        scale: 'css',
        path: testInfo.outputPath(`undone-${width}.png`),
        fullPage: true,
      })
    }
    const self = await (await page.request.get('/sp/2/payment/self')).json()
    expect(self.entity).toMatchObject({ status: 'ACTIVE', resumable: false })
    expect(self.entity.nextPaymentAt).toBe(self.entity.premiumUntil)
  })

  test('a card the card company refuses: told so, still free, offered to choose again', async ({ page }) => {
    await newMiniWithUnsavedPuris(page, 'premium-declined')
    await page.goto('/web/payment/credit')
    await page.getByRole('button', { name: '申し込む（月額330円・税込）' }).click()
    await expect(page).toHaveURL(/\/_sandbox\/pay\/consent\//)
    // A mistyped number is stopped on the card form.
    await page.getByLabel('カード番号').fill('4242 4242 4242 4241')
    await page.getByRole('button', { name: '330円を支払う（毎月自動更新）' }).click()
    await expect(page.getByRole('alert')).toContainText('カード番号が正しくありません')
    await page.getByLabel('カード番号').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: '330円を支払う（毎月自動更新）' }).click()
    await expect(page.getByRole('heading', { name: 'お支払いが完了しませんでした' })).toBeVisible({
      timeout: 15_000,
    })
    await page.getByRole('link', { name: 'お支払い方法を選び直す' }).click()
    await expect(page).toHaveURL(/\/web\/payment$/)
    const self = await page.request.get('/sp/2/account/self')
    expect((await self.json()).entity.membershipStatus).toBe('MINI')
  })

  test.describe('on the au network', () => {
    test.use({ extraHTTPHeaders: { 'X-PuriBox-Carrier': 'ezweb' } })

    test('the au trial: 31 days free through au billing, then cancelled at au', async ({
      page,
    }, testInfo) => {
      await newMiniWithUnsavedPuris(page, 'premium-trial')
      await page.goto('/web/payment')
      await page.getByRole('link', { name: '31日間無料で試す' }).click()
      await expect(page).toHaveURL(/\/sp\/auoneadmit\/au_trial_start$/)
      await expect(page.getByText(/31日間無料、その後月額330円（税込）/).first()).toBeVisible()
      await page.screenshot({
        scale: 'css',
        path: testInfo.outputPath('1-trial-confirm.png'),
        fullPage: true,
      })
      await page.getByRole('button', { name: '無料体験を始める' }).click()

      // au's consent (the sandbox's test lines).
      await expect(page).toHaveURL(/\/_sandbox\/pay\/consent\//)
      await page.getByRole('button', { name: 'さくら（テスト用1）の回線で支払う' }).click()
      await expect(page.getByRole('heading', { name: 'プレミアム会員になりました' })).toBeVisible({
        timeout: 15_000,
      })

      // The trial is used: not offered again.
      await page.goto('/web/payment')
      await expect(page.getByText('プレミアム会員です')).toBeVisible()
      await expect(page.getByRole('link', { name: '31日間無料で試す' })).toHaveCount(0)

      // au plans are cancelled at au's page, which comes back here.
      await page.goto('/sp/payment/cancel')
      await page.getByRole('link', { name: '解約手続きへ' }).click()
      await expect(page).toHaveURL(/\/sp\/payment\/unsubscribe\/auone$/)
      await page.getByRole('button', { name: 'auかんたん決済の解約ページへ進む' }).click()
      await expect(page).toHaveURL(/\/_sandbox\/pay\/carrier\//)
      await page.getByRole('button', { name: 'さくら（テスト用1）の回線で解約する' }).click()
      await expect(page).toHaveURL(/\/sp\/payment\/unsubscribe\/auone\?returned=1&result=cancelled$/)
      await expect(page.getByText('解約しました').first()).toBeVisible({ timeout: 15_000 })
      // au's cancellation cannot be undone: how to subscribe again instead, and no button.
      await expect(page.getByText(/auかんたん決済の解約は、あとから取り消せません。/)).toBeVisible({
        timeout: 15_000,
      })
      await expect(page.getByRole('button', { name: '解約を取り消す' })).toHaveCount(0)
      await page.screenshot({ scale: 'css', path: testInfo.outputPath('2-au-cancelled.png'), fullPage: true })
    })

    test('the au add-on plan: a line au allows takes it, sees it, and leaves it on its own page; another line is offered the base plan', async ({
      page,
      otherBrowser,
    }, testInfo) => {
      // Signed in by au as さくら, whose line the sandbox's au says may take the add-on plan.
      await signInByAu(page, 'さくら（テスト用アカウント1）')
      const self = await (await page.request.get('/sp/2/account/self')).json()
      expect(self.entity.account).toMatchObject({ canAddOn: true, protected: false })

      await page.goto('/sp/auoneadmit/admittop')
      await expect(page.getByRole('rowheader', { name: 'お支払い方法' })).toBeVisible()
      await expect(page.getByRole('cell', { name: 'auかんたん決済（追加課金）' })).toBeVisible()
      await screenshots(page, testInfo, '3-addon-confirm')
      await page.getByRole('button', { name: '申し込む（月額330円・税込）' }).click()
      await expect(page).toHaveURL(/\/_sandbox\/pay\/consent\//)
      await page.getByRole('button', { name: 'さくら（テスト用1）の回線で支払う' }).click()
      await expect(page.getByRole('heading', { name: 'プレミアム会員になりました' })).toBeVisible({
        timeout: 15_000,
      })

      // The payment page names the plan it is billed under.
      await page.goto('/web/payment')
      await expect(page.getByText('プレミアム会員です')).toBeVisible()
      await expect(page.getByText('auかんたん決済（追加課金）')).toBeVisible()
      await screenshots(page, testInfo, '4-addon-payment')

      // Left on the add-on plan's own page, at au, and back.
      await page.goto('/sp/payment/cancel')
      await page.getByRole('link', { name: '解約手続きへ' }).click()
      await expect(page).toHaveURL(/\/sp\/payment\/unsubscribe\/auone_addon$/)
      const toAu = page.getByRole('button', { name: 'auかんたん決済（追加課金）の解約ページへ進む' })
      await expect(toAu).toBeVisible()
      await screenshots(page, testInfo, '5-addon-unsubscribe')
      await toAu.click()
      await expect(page).toHaveURL(/\/_sandbox\/pay\/carrier\//)
      await page.getByRole('button', { name: 'さくら（テスト用1）の回線で解約する' }).click()
      await expect(page).toHaveURL(/\/sp\/payment\/unsubscribe\/auone_addon\?returned=1&result=cancelled$/)
      await expect(page.getByText('解約しました').first()).toBeVisible({ timeout: 15_000 })

      // ひなた's line may not: the base plan is what the confirmation page offers and sends.
      const hinata = await otherBrowser.newPage()
      await signInByAu(hinata, 'ひなた（テスト用アカウント2）')
      await hinata.goto('/sp/auoneadmit/admittop')
      await expect(hinata.getByRole('cell', { name: 'auかんたん決済', exact: true })).toBeVisible()
    })
  })
})
