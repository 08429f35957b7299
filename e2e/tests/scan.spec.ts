import { stickerCornerPng } from '../../tools/booth-sticker'
import { readQrCode } from '../../tools/qr-reader'
import { baseURL, expect, pushDemoPlay, signIn, test } from './support'

test.describe('scan instead of type: the QR code on the sticker sheet (decisions 0043 and 0059)', () => {
  test('a guest scans the sheet’s corner and sees the pictures at once, with one loading state', async ({
    page,
  }, testInfo) => {
    // A booth play through the API, as the booth pushes it: the answer names the play's get address.
    const play = await pushDemoPlay({ regular: 4, raw: 1 })
    expect(play.puriGetUrl).toBe(`${baseURL}/sp/puri/get?sealId=${play.sealId}&from=qr`)
    // What the booth prints, read back from its pixels.
    const scanned = await readQrCode(await stickerCornerPng(play.sealId, play.puriGetUrl))
    expect(scanned).toBe(play.puriGetUrl)

    // Every loading state the page paints, frame by frame: the preview's skeleton from the first
    // frame to the pictures, and never a spinner (a screen downloading, a second page).
    await page.addInitScript(() => {
      const painted: string[] = []
      Object.assign(window, { paintedLoadingStates: painted })
      const look = () => {
        const state = document.querySelector('#root [role="status"]')
        const kind = state ? (state.querySelector('.spinner') ? 'spinner' : 'skeleton') : 'none'
        if (painted.at(-1) !== kind) painted.push(kind)
        requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })
    const lookups: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/sp/2/seals/')) lookups.push(request.url())
    })
    await page.goto(scanned ?? '')
    await expect(page).toHaveURL(new RegExp(`/web/preview\\?sealId=${play.sealId}&from=qr$`))
    await expect(page.locator('img[src*="/sp/puri/thum.jpg"]')).toHaveCount(5)
    await expect(page.getByRole('textbox', { name: 'シールID' })).toHaveCount(0)
    const painted = await page.evaluate(
      () => (window as unknown as { paintedLoadingStates: string[] }).paintedLoadingStates,
    )
    expect(painted.filter((kind) => kind !== 'none')).toEqual(['skeleton'])
    // One lookup, counted as a scan.
    expect(lookups).toEqual([`${baseURL}/sp/2/seals/${play.sealId}?from=qr`])

    // Signing up from here goes on to saving this seal, still from the QR code.
    const signUp = page.locator('#main').getByRole('link', { name: /^会員登録/ })
    const next = new URL((await signUp.getAttribute('href')) ?? '', baseURL).searchParams.get('next')
    expect(next).toBe(`/web/mypage?sealId=${play.sealId}&from=qr`)
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 })
      await page.screenshot({
        scale: 'css',
        path: testInfo.outputPath(`preview-from-qr-${width}.png`),
        fullPage: true,
      })
    }
  })

  test('a signed-in member scans, sees the pictures, taps to save, and the seal is saved', async ({
    page,
  }) => {
    await signIn(page, 'mini@demo.puribox.jp')
    const play = await pushDemoPlay({ regular: 2, raw: 0 })
    const saves: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/registrations')) saves.push(request.url())
    })
    await page.goto(play.puriGetUrl)
    await expect(page.locator('img[src*="/sp/puri/thum.jpg"]')).toHaveCount(2)
    // Opening the address saved nothing: one of the seal's places is taken by a tap.
    expect(saves).toEqual([])
    await page.getByRole('link', { name: '1枚目を無料で保存する' }).click()
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
