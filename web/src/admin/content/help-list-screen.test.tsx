// @vitest-environment jsdom
import type { AdminHelp } from '@puribox/contract/admin-help'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'
import {
  adminHelp,
  expiryAnswer,
  HELP_API,
  helpCategory,
  inputAnswer,
  whereAnswer,
} from './testing/help-fixtures'

const ORDER = `PUT ${HELP_API}/categories/seal-id/order`
const category = (name: string) => screen.getByRole('region', { name })
const questions = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]?.textContent)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('help in the console', () => {
  it('lists every category with its questions in members’ order, marked featured or changed, and the removed ones', async () => {
    stubContentApi({ [`GET ${HELP_API}`]: answer(adminHelp()) }, 'VIEWER')
    renderConsole('/admin/help')
    await screen.findByRole('heading', { name: 'ヘルプ', level: 1 })
    expect(document.title).toBe('ヘルプ | PuriBox 管理')
    const seals = await screen.findByRole('region', { name: 'シールIDについて' })
    expect(questions(seals)).toEqual([whereAnswer.question, inputAnswer.question, expiryAnswer.question])
    expect(within(seals).getByRole('link', { name: whereAnswer.question }).getAttribute('href')).toBe(
      '/admin/help/answers/seal-id-where',
    )
    const items = within(seals).getAllByRole('listitem')
    expect(items[0]?.textContent).toContain('よくある質問')
    expect(items[1]?.textContent).toContain('2026/11/20 10:00に運営スタッフが変更')
    expect(seals.textContent).toContain('シールIDの場所や入力のしかたについて。')
    expect(questions(category('プレミアム会員について'))).toEqual(['プレミアム会員の料金は？'])
    // The index jumps to each category.
    const index = screen.getByRole('navigation', { name: 'カテゴリ' })
    expect(
      within(index)
        .getByRole('link', { name: /^シールIDについて/ })
        .getAttribute('href'),
    ).toBe('#help-category-seal-id')
    expect(within(index).getByRole('link', { name: /^シールIDについて/ }).textContent).toContain('3件')
    // The removed answers, with when; a viewer may not add them back.
    const removed = screen
      .getByRole('heading', { name: '削除した質問（1件）' })
      .closest('details') as HTMLElement
    expect(removed.textContent).toContain('古いシールは使えますか？')
    expect(removed.textContent).toContain('「シールIDについて」から2026/11/19 12:00に削除')
    expect(within(removed).queryByRole('link')).toBeNull()
    // A viewer changes nothing, and is told so.
    expect(screen.getByText(/の権限では、見ることだけができます。/)).toBeTruthy()
    for (const name of [/質問を追加/, /カテゴリを変更/, /並び順を変える/])
      expect(screen.queryByRole('link', { name }) ?? screen.queryByRole('button', { name })).toBeNull()
    // The frame names the area as the one shown.
    const nav = screen.getByRole('navigation', { name: '管理メニュー' })
    expect(within(nav).getByRole('link', { name: 'ヘルプ' }).getAttribute('aria-current')).toBe('page')
  })

  it('offers an editor to add a question to a category, change the category, and bring a removed question back', async () => {
    stubContentApi({ [`GET ${HELP_API}`]: answer(adminHelp()) }, 'EDITOR')
    renderConsole('/admin/help')
    const seals = await screen.findByRole('region', { name: 'シールIDについて' })
    expect(screen.getByRole('link', { name: '質問を追加' }).getAttribute('href')).toBe(
      '/admin/help/answers/new',
    )
    expect(
      within(seals).getByRole('link', { name: '「シールIDについて」に質問を追加' }).getAttribute('href'),
    ).toBe('/admin/help/answers/new?category=seal-id')
    expect(
      within(seals).getByRole('link', { name: '「シールIDについて」のカテゴリを変更' }).getAttribute('href'),
    ).toBe('/admin/help/categories/seal-id/edit')
    expect(
      screen
        .getByRole('link', { name: '「古いシールは使えますか？」を同じIDで追加し直す' })
        .getAttribute('href'),
    ).toBe('/admin/help/answers/new?category=seal-id&id=seal-id-old')
    expect(screen.queryByText(/の権限では、見ることだけができます。/)).toBeNull()
  })

  it('sets a category’s order: each question moves a place, and the whole order is saved with its reason', async () => {
    let help: AdminHelp = adminHelp()
    const calls = stubContentApi({
      [`GET ${HELP_API}`]: () => answer(help)(),
      [ORDER]: ({ body }) => {
        const ids = (body as { answerIds: string[] }).answerIds
        const byId = new Map(helpCategory().answers.map((each) => [each.id, each]))
        const ordered = helpCategory({ answers: ids.map((id) => byId.get(id)!) })
        help = { ...help, categories: [ordered, ...help.categories.slice(1)] }
        return answer(ordered)()
      },
    })
    renderConsole('/admin/help')
    await screen.findByRole('region', { name: 'シールIDについて' })
    fireEvent.click(screen.getByRole('button', { name: '「シールIDについて」の並び順を変える' }))
    const seals = category('シールIDについて')
    expect(within(seals).getByRole('button', { name: `「${whereAnswer.question}」を上へ` })).toHaveProperty(
      'disabled',
      true,
    )
    // Nothing moved yet: nothing to save.
    expect(within(seals).getByRole('button', { name: 'この並び順で保存' })).toHaveProperty('disabled', true)
    fireEvent.click(within(seals).getByRole('button', { name: `「${whereAnswer.question}」を下へ` }))
    fireEvent.click(within(seals).getByRole('button', { name: `「${whereAnswer.question}」を下へ` }))
    expect(within(seals).getByRole('button', { name: `「${whereAnswer.question}」を下へ` })).toHaveProperty(
      'disabled',
      true,
    )
    fireEvent.change(within(seals).getByLabelText('理由（任意）'), { target: { value: '期限の質問が多い' } })
    fireEvent.click(within(seals).getByRole('button', { name: 'この並び順で保存' }))
    expect((await within(seals).findByRole('status')).textContent).toBe('並び順を保存しました。')
    expect(calls.filter((call) => call.key === ORDER).map((call) => call.body)).toEqual([
      { answerIds: ['seal-id-input', 'seal-id-expiry', 'seal-id-where'], reason: '期限の質問が多い' },
    ])
    expect(questions(category('シールIDについて'))).toEqual([
      inputAnswer.question,
      expiryAnswer.question,
      whereAnswer.question,
    ])
    expect(within(category('シールIDについて')).queryByRole('button', { name: /を上へ/ })).toBeNull()
  })

  it('tells an order refused because the questions changed meanwhile, and shows them as they are now', async () => {
    let help: AdminHelp = adminHelp()
    stubContentApi({
      [`GET ${HELP_API}`]: () => answer(help)(),
      [ORDER]: () => {
        help = {
          ...help,
          categories: [helpCategory({ answers: [whereAnswer, inputAnswer] }), ...help.categories.slice(1)],
        }
        return refusal('ORDER_STALE', 409)()
      },
    })
    renderConsole('/admin/help')
    await screen.findByRole('region', { name: 'シールIDについて' })
    fireEvent.click(screen.getByRole('button', { name: '「シールIDについて」の並び順を変える' }))
    fireEvent.click(screen.getByRole('button', { name: `「${expiryAnswer.question}」を上へ` }))
    fireEvent.click(screen.getByRole('button', { name: 'この並び順で保存' }))
    expect((await within(category('シールIDについて')).findByRole('alert')).textContent).toBe(
      'ほかの人が質問を追加したか削除したため、並び順を保存できませんでした。最新の一覧を表示したので、もう一度並べ替えてください。',
    )
    await waitFor(() =>
      expect(questions(category('シールIDについて'))).toEqual([whereAnswer.question, inputAnswer.question]),
    )
  })

  it('says so when the help could not be read', async () => {
    stubContentApi({ [`GET ${HELP_API}`]: refusal('INTERNAL_ERROR', 500) })
    renderConsole('/admin/help')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('ヘルプを表示できませんでした。')
    expect(within(alert).getByRole('button', { name: 'もう一度試す' })).toBeTruthy()
  })

  it('is listed on the home with the other sections', async () => {
    stubContentApi({})
    renderConsole('/admin')
    await screen.findByRole('heading', { name: 'ホーム', level: 1 })
    const link = within(screen.getByRole('main')).getByRole('link', { name: /^ヘルプ/ })
    expect(link.getAttribute('href')).toBe('/admin/help')
  })
})
