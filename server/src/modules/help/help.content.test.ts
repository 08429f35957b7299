import { links } from '@puribox/contract/pages'
import { AU_TRIAL_DAYS, PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import { describe, expect, it } from 'vitest'
import source from '../../locales/ja/help.json' with { type: 'json' }
import { bundledHelp, helpSeedRows } from './help.content'

describe('the bundled help', () => {
  const categories = bundledHelp()
  const answers = categories.flatMap((category) => category.answers)
  const everything = JSON.stringify(categories)

  it('covers every feature there is, each in its category', () => {
    expect(categories.map((category) => category.id)).toEqual([
      'seal-id',
      'saving',
      'premium',
      'cancel',
      'penalty',
      'login',
      'profile',
      'leave',
      'other',
    ])
    for (const category of categories) expect(category.answers.length, category.id).toBeGreaterThanOrEqual(3)
    for (const word of [
      'auかんたん決済',
      'ドコモ払い',
      'ソフトバンクまとめて支払い',
      'au ID',
      'dアカウント',
      'SoftBank ID',
      'らくがき前',
      'ZIP',
      '解約を取り消す',
      'イエロー',
      'レッド',
      '迷惑メール',
      'パスワードを再設定',
    ]) {
      expect(everything, word).toContain(word)
    }
  })

  it('fills in the price and the trial from the constants the service runs on', () => {
    expect(everything).toContain(`月額${PREMIUM_PRICE_YEN}円（税込）`)
    expect(answers.find((answer) => answer.id === 'premium-au-trial')?.question).toContain(
      `${AU_TRIAL_DAYS}日間`,
    )
    expect(everything).not.toMatch(/\{\{/)
  })

  it('links only to pages of the site, by their names in `links`', () => {
    const hrefs = answers.flatMap((answer) =>
      answer.body.flatMap((block) => (block.type === 'link' ? [block.href] : [])),
    )
    expect(hrefs.length).toBeGreaterThan(20)
    const known = new Set<string>(Object.values(links))
    for (const href of hrefs) expect(known.has(href), href).toBe(true)
    expect(hrefs).toContain(links.inquiry)
  })

  it('features a handful of questions on the help top, and relates answers only to answers', () => {
    const featured = answers.filter((answer) => answer.featured)
    expect(featured.length).toBeGreaterThanOrEqual(6)
    expect(featured.length).toBeLessThanOrEqual(15)
    const ids = new Set(answers.map((answer) => answer.id))
    for (const answer of answers)
      for (const id of answer.related) expect(ids.has(id), `${answer.id} → ${id}`).toBe(true)
  })

  it('refuses help that would break a page: an id twice, a related answer not there, an unknown link', () => {
    const copy = () =>
      structuredClone(source) as {
        categories: Array<{ id: string; answers: Array<Record<string, unknown>> }>
      }
    const twice = copy()
    twice.categories[1]!.answers[0]!.id = twice.categories[0]!.answers[0]!.id as string
    expect(() => bundledHelp(twice)).toThrow(/twice/)
    const missing = copy()
    missing.categories[0]!.answers[0]!.related = ['no-such-answer']
    expect(() => bundledHelp(missing)).toThrow(/no-such-answer/)
    const badLink = copy()
    badLink.categories[0]!.answers[0]!.body = [{ type: 'link', label: 'x', to: 'nowhere' }]
    expect(() => bundledHelp(badLink)).toThrow()
    const topAsCategory = copy()
    topAsCategory.categories[0]!.id = 'index'
    expect(() => bundledHelp(topAsCategory)).toThrow()
  })

  it('becomes rows in the order it is written', () => {
    const rows = helpSeedRows(categories)
    expect(rows.categories.map((row) => row.position)).toEqual(categories.map((_, index) => index))
    expect(rows.answers).toHaveLength(answers.length)
    expect(rows.answers[0]).toMatchObject({ categoryId: 'seal-id', position: 0, id: 'seal-id-where' })
  })
})
