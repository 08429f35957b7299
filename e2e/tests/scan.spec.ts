import { formatSealId } from '@puribox/contract/seal-id'
import { stickerCornerPng } from '../../tools/booth-sticker'
import { readQrCode } from '../../tools/qr-reader'
import { baseURL, expect, pushDemoPlay, signIn, test } from './support'

test.describe('scan instead of type: the QR code on the sticker sheet (decision 0043)', () => {
  test('a guest scans the sheet’s corner, finds the ID filled in, and gets to the preview', async ({
    page,
  }, testInfo) => {
    // A booth play through the API, as the booth pushes it: the answer names the play's get address.
    const play = await pushDemoPlay({ regular: 4, raw: 1 })
    expect(play.puriGetUrl).toBe(`${baseURL}/sp/puri/get?sealId=${play.sealId}&from=qr`)
    // What the booth prints, read back from its pixels.
    const scanned = await readQrCode(await stickerCornerPng(play.sealId, play.puriGetUrl))
    expect(scanned).toBe(play.puriGetUrl)

    await page.goto(scanned ?? '')
    const field = page.getByRole('textbox', { name: 'シールID' })
    await expect(field).toHaveValue(formatSealId(play.sealId))
    await expect(page.getByText('QRコードから読み取ったシールIDです')).toBeVisible()
    // Nothing was looked up by opening the address: the page waits for the tap.
    await expect(page).toHaveURL(/\/sp\/puri\/get\?sealId=\w+&from=qr$/)
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 })
      await page.screenshot({
        scale: 'css',
        path: testInfo.outputPath(`scanned-${width}.png`),
        fullPage: true,
      })
    }

    await page.getByRole('button', { name: 'プリを見る' }).click()
    await expect(page).toHaveURL(new RegExp(`/web/preview\\?sealId=${play.sealId}&from=qr$`))
    await expect(page.locator('img[src*="/sp/puri/thum.jpg"]')).toHaveCount(5)
    // Signing up from here goes on to saving this seal, still from the QR code.
    const signUp = page.locator('#main').getByRole('link', { name: '会員登録（無料）' })
    const next = new URL((await signUp.getAttribute('href')) ?? '', baseURL).searchParams.get('next')
    expect(next).toBe(`/web/mypage?sealId=${play.sealId}&from=qr`)
    await page.screenshot({ scale: 'css', path: testInfo.outputPath('preview-from-qr.png'), fullPage: true })
  })

  test('a signed-in member scans, taps 保存する, and the seal is saved', async ({ page }) => {
    await signIn(page, 'mini@demo.puribox.jp')
    const play = await pushDemoPlay({ regular: 2, raw: 0 })
    const saves: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/registrations')) saves.push(request.url())
    })
    await page.goto(play.puriGetUrl)
    await expect(page.getByRole('textbox', { name: 'シールID' })).toHaveValue(formatSealId(play.sealId))
    await page.getByRole('button', { name: '保存する' }).click()
    await expect(page.getByText('1枚を無料で保存しました。')).toBeVisible()
    expect(saves).toEqual([`${baseURL}/sp/2/seals/${play.sealId}/registrations?from=qr`])
  })

  test('odd from values never fail: the lookup answers the seal', async ({ request }) => {
    const play = await pushDemoPlay({ regular: 1, raw: 0 })
    for (const from of ['twitter', '', 'x'.repeat(2000), '<script>', 'ＱＲ']) {
      const answer = await request.get(`/sp/2/seals/${play.sealId}?from=${encodeURIComponent(from)}`)
      expect(answer.status(), from.slice(0, 20)).toBe(200)
      expect((await answer.json()).entity.sealId).toBe(play.sealId)
    }
  })
})
