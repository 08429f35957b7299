import type { Page } from '@playwright/test'
import { expect, newMemberFromAPlay, pushDemoPlay, screenshots, test } from './support'

/**
 * Japanese has no spaces, so a browser may end a line between any two characters: inside a word,
 * inside 「（税込）」, between a seal ID's hyphen and its digits. Headings, buttons and short labels
 * break between phrases only, and a code or a price with its tax note never breaks. Each screen is
 * read at 320 px twice: as Chromium shows it (word-break: auto-phrase), and as a browser without
 * auto-phrase shows it (iPhone Safari), by dropping that value from the page's style sheets.
 */

/**
 * Every place on the page where `text` sits in one text node and spans more than one line. A word
 * is looked for in headings, buttons and short labels (running text may break anywhere); a code
 * (`everywhere`) on the whole page.
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
          if (lines.size > 1) broken.push(`${value} (${node.parentElement?.tagName})`)
        }
      }
      return broken
    },
    [text, everywhere] as const,
  )
}

/** The page's style sheets as a browser reads them that does not know word-break: auto-phrase. */
async function withoutAutoPhrase(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const link of [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]) {
      const css = await (await fetch(link.href)).text()
      // A constructed sheet, since the page's policy refuses inline style elements.
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(css.replace(/word-break:\s*auto-phrase\s*;?/g, ''))
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
      link.disabled = true
    }
  })
}

/** The page again with its own style sheets, once its content has loaded. */
async function reloaded(page: Page): Promise<void> {
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
}

/** Codes, and a price's tax note: never broken, wherever they are. */
const CODES = ['（税込）']

async function expectWhole(page: Page, texts: readonly string[]): Promise<void> {
  for (const mode of ['auto-phrase', 'fallback'] as const) {
    if (mode === 'fallback') await withoutAutoPhrase(page)
    for (const text of texts) {
      const everywhere = CODES.includes(text) || /^[0-9A-Z]{5}-/.test(text)
      expect(await brokenOccurrences(page, text, everywhere), `${text} (${mode})`).toEqual([])
    }
  }
}

test('at 320 px, words, a seal ID, a price with its tax note and buttons never break inside', async ({
  page,
}, testInfo) => {
  const sealId = await newMemberFromAPlay(page, 'line-breaks')
  const formatted = `${sealId.slice(0, 5)}-${sealId.slice(5)}`

  // A seal's pictures: its ID under the label 「シールID」.
  await page.setViewportSize({ width: 320, height: 844 })
  await page.goto(`/web/preview?sealId=${sealId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expectWhole(page, ['シールID', formatted, 'まで', 'すべて', 'プライバシーポリシー'])
  await reloaded(page)
  await screenshots(page, testInfo, 'seal')

  // The premium page: the price with 「（税込）」 and the buttons that start a plan.
  await page.setViewportSize({ width: 320, height: 844 })
  await page.goto('/web/payment')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expectWhole(page, ['（税込）', '申し込む', 'シールID'])
  await reloaded(page)
  await screenshots(page, testInfo, 'payment')

  // My page and the top page.
  for (const [name, path] of [
    ['mypage', '/sp/2/mypage/#/puri/new'],
    ['top', '/'],
  ] as const) {
    await page.setViewportSize({ width: 320, height: 844 })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectWhole(page, [
      'シールID',
      '申し込む',
      '（税込）',
      formatted,
      'すべて',
      'プライバシーポリシー',
      '特定商取引法',
    ])
    await reloaded(page)
    await screenshots(page, testInfo, name)
  }
})

test('at 320 px, a guest’s seal page keeps the plans’ prices and the seal ID whole', async ({
  page,
}, testInfo) => {
  const { sealId } = await pushDemoPlay({ regular: 2, raw: 1 })
  await page.setViewportSize({ width: 320, height: 844 })
  await page.goto(`/web/preview?sealId=${sealId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const formatted = `${sealId.slice(0, 5)}-${sealId.slice(5)}`
  await expectWhole(page, ['シールID', formatted, '（税込）', '会員登録', 'まで', 'プライバシーポリシー'])
  await reloaded(page)
  await screenshots(page, testInfo, 'guest-seal')
})

test('at 320 px, sign-up’s headings and buttons never break inside a word', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 844 })
  await page.goto('/sp/account/register_email')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expectWhole(page, ['シールID', 'メールアドレス', '確認コード'])
  await reloaded(page)
  await screenshots(page, testInfo, 'signup')
})
