import type { Page } from '@playwright/test'
import { codeIn, lastMailTo } from './mailbox'
import { expect, newMemberFromAPlay, pushDemoPlay, screenshots, test } from './support'

/**
 * Japanese has no spaces, so a browser may end a line between any two characters: inside a word
 * (申し込|む, シール|ID), inside 「（税込）」, inside a price or a seal ID. Headings, buttons and short
 * labels break between phrases only, and a code or a price with its tax note never breaks, in
 * running text too. Each screen is read at 320 and 390 px, twice at each width: as Chromium shows it
 * (word-break: auto-phrase), and as a browser without auto-phrase shows it (iPhone Safari), by
 * dropping that value from the page's style sheets.
 */

/**
 * Every place on the page where `text` sits in one text node and spans more than one line. A word
 * is looked for in headings, buttons and short labels (running text may break inside a word); a
 * code (`everywhere`) on the whole page.
 */
async function brokenOccurrences(page: Page, text: string, everywhere: boolean): Promise<string[]> {
  return page.evaluate(
    ([wanted, anywhere]) => {
      const broken: string[] = []
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.nodeValue ?? ''
        const parent = node.parentElement
        const label =
          parent?.closest('h1, h2, h3, h4, button, .button, label, legend, dt, dd, th') ||
          (parent?.textContent ?? '').length <= 24
        if ((!anywhere && !label) || parent?.closest('.visually-hidden')) continue
        for (let at = value.indexOf(wanted); at >= 0; at = value.indexOf(wanted, at + 1)) {
          const range = document.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + wanted.length)
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0)
          const lines = new Set(rects.map((rect) => Math.round(rect.top)))
          if (lines.size > 1) broken.push(`${value} (${parent?.tagName})`)
        }
      }
      return broken
    },
    [text, everywhere] as const,
  )
}

/**
 * The page's style sheets as a browser reads them that does not know word-break: auto-phrase, or
 * (`off`) its own sheets again.
 */
async function autoPhrase(page: Page, on: boolean): Promise<void> {
  await page.evaluate(async (restore) => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    if (restore) {
      document.adoptedStyleSheets = []
      for (const link of links) link.disabled = false
      return
    }
    for (const link of links) {
      const css = await (await fetch(link.href)).text()
      // A constructed sheet, since the page's policy refuses inline style elements.
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(css.replace(/word-break:\s*auto-phrase\s*;?/g, ''))
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
      link.disabled = true
    }
  }, on)
}

/** Codes: a price with its tax note, and a seal ID (by its form). Never broken, wherever they are. */
const CODES = ['（税込）', '330円（税込）', '330円・税込']
const isCode = (text: string) => CODES.includes(text) || /^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(text)

/** None of `texts` broken inside, at 320 and 390 px, with auto-phrase and without. */
async function expectWhole(page: Page, texts: readonly string[]): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 })
    for (const mode of ['auto-phrase', 'fallback'] as const) {
      if (mode === 'fallback') await autoPhrase(page, false)
      for (const text of texts) {
        const found = await brokenOccurrences(page, text, isCode(text))
        expect.soft(found, `${text} at ${width} px (${mode})`).toEqual([])
      }
    }
    await autoPhrase(page, true)
  }
}

/** A page once its first heading shows and its requests have settled. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
}

const sealIdText = (sealId: string) => `${sealId.slice(0, 5)}-${sealId.slice(5)}`

test('a member’s seal page, premium pages, my page and the top page: words, prices and the seal ID whole', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000)
  const sealId = await newMemberFromAPlay(page, 'line-breaks')
  const pages = [
    // A seal's pictures: its ID under the label 「シールID」, and until when they are kept.
    ['seal', `/web/preview?sealId=${sealId}`, ['シールID', sealIdText(sealId), 'まで', 'すべて']],
    // The premium page: the price with 「（税込）」 and the buttons that start a plan.
    ['payment', '/web/payment', ['（税込）', '330円（税込）', '申し込む', 'ソフトバンク']],
    ['payment-credit', '/web/payment/credit', ['330円・税込', '330円（税込）', '申し込む']],
    ['commercial-law', '/web/common/information/commercialLaw', ['330円（税込）', '（税込）']],
    ['mypage', '/sp/2/mypage/', ['シールID', sealIdText(sealId), '330円・税込', 'すべて']],
    ['mypage-unsaved', '/sp/2/mypage/#/puri/unsaved', ['シールID', sealIdText(sealId), '330円・税込']],
    ['top', '/', ['シールID', 'Google Play', 'App Store', 'ダウンロード']],
    // The settings' list: each label ends a line between phrases.
    ['settings', '/sp/setting/setting', ['（本人確認）']],
  ] as const
  for (const [name, path, texts] of pages) {
    await open(page, path)
    await expectWhole(page, [...texts, 'プライバシーポリシー', '特定商取引法'])
    await screenshots(page, testInfo, name)
  }
})

test('a guest’s seal page keeps the plans’ prices and the seal ID whole', async ({ page }, testInfo) => {
  const { sealId } = await pushDemoPlay({ regular: 2, raw: 1 })
  await open(page, `/web/preview?sealId=${sealId}`)
  await expectWhole(page, [
    'シールID',
    sealIdText(sealId),
    '（税込）',
    '330円（税込）',
    '会員登録',
    'まで',
    '1枚',
  ])
  await screenshots(page, testInfo, 'guest-seal')
  await open(page, '/web/puri/form_seal_id')
  await expectWhole(page, ['シールID', 'XXXXX-XXXXX'])
  await screenshots(page, testInfo, 'seal-form')
})

test('sign-up’s three steps keep their headings and buttons whole', async ({ page }, testInfo) => {
  await open(page, '/sp/account/register_email')
  await expectWhole(page, ['シールID', 'メールアドレス', '確認コード'])
  await screenshots(page, testInfo, 'signup-1')

  const address = `line-breaks-${Date.now()}@example.jp`
  await page.getByLabel('メールアドレス').fill(address)
  await page.getByRole('button', { name: '確認コードを送る' }).click()
  await expect(page.getByLabel('確認コード（6桁）')).toBeVisible()
  await expectWhole(page, ['確認コード', 'メールアドレス'])
  await screenshots(page, testInfo, 'signup-2')

  await page.getByLabel('確認コード（6桁）').fill(codeIn(await lastMailTo(address)))
  await page.getByRole('button', { name: '確認する' }).click()
  await expect(page.getByText('ステップ 3/3')).toBeAttached()
  await expectWhole(page, ['パスワード', 'プライバシーポリシー', '利用規約', '同意'])
  await screenshots(page, testInfo, 'signup-3')
})
