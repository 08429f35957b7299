// @vitest-environment jsdom
import type { AdminHelp } from '@puribox/contract/admin-help'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'
import { adminHelp, HELP_API, helpCategory, inputAnswer, whereAnswer } from './testing/help-fixtures'

const PAGE = '/admin/help/answers/seal-id-where'
const REMOVE = `POST ${HELP_API}/answers/seal-id-where/remove`

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("a help question's page", () => {
  it('shows the answer as members read it, the words it is found by, what it offers next, and its history', async () => {
    stubContentApi({ [`GET ${HELP_API}`]: answer(adminHelp()) }, 'SUPPORT')
    renderConsole(PAGE)
    await screen.findByRole('heading', { name: whereAnswer.question, level: 1 })
    const body = screen.getByRole('region', { name: '答え（会員に表示される内容）' })
    expect(body.textContent).toContain('シールのふちに、英数字10文字が印刷されています。')
    expect(body.querySelector('.help-body__note')?.textContent).toBe(
      'シールIDは、一緒に撮った人だけが知っている大切なIDです。',
    )
    expect(body.textContent).toContain('シールIDを入力する移動先: /sp/top/photo_get')
    const facts = screen.getByRole('region', { name: '質問の情報' })
    expect(facts.textContent).toContain('よくある質問表示する')
    expect(facts.textContent).toContain('検索用のことばばんごう、番号')
    expect(within(facts).getByRole('link', { name: inputAnswer.question }).getAttribute('href')).toBe(
      '/admin/help/answers/seal-id-input',
    )
    expect(facts.textContent).toContain('同梱のヘルプのまま（運営スタッフの変更なし）')
    expect(within(facts).getByRole('link', { name: '会員向けのページを開く' }).getAttribute('href')).toBe(
      '/web/common/help/answer/seal-id-where',
    )
    expect(within(facts).getByRole('link', { name: 'この質問の監査ログ' }).getAttribute('href')).toBe(
      '/admin/audit?targetKind=help-answer&targetId=seal-id-where',
    )
    // Support reads help only.
    expect(screen.queryByRole('link', { name: '質問と答えを変更' })).toBeNull()
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull()
    expect(screen.getByText(/の権限では、見ることだけができます。/)).toBeTruthy()
  })

  it('says when the question was removed', async () => {
    stubContentApi({ [`GET ${HELP_API}`]: answer(adminHelp()) })
    renderConsole('/admin/help/answers/seal-id-old')
    expect((await screen.findByRole('alert')).textContent).toContain(
      'この質問は、2026/11/19 12:00に削除されました。同じIDで質問を追加すると、元に戻せます。',
    )
  })
})

describe('removing a question (editor)', () => {
  it('asks first, sends the reason, then shows the help without it, saying so', async () => {
    let help: AdminHelp = adminHelp()
    const calls = stubContentApi({
      [`GET ${HELP_API}`]: () => answer(help)(),
      [REMOVE]: () => {
        help = {
          categories: [helpCategory({ answers: [inputAnswer] }), ...help.categories.slice(1)],
          removed: [
            {
              id: 'seal-id-where',
              categoryId: 'seal-id',
              question: whereAnswer.question,
              removedAt: '2026-11-20T03:00:00.000Z',
            },
            ...help.removed,
          ],
        }
        return answer(help.removed[0])()
      },
    })
    const view = renderConsole(PAGE)
    fireEvent.click(await screen.findByRole('button', { name: '削除' }))
    let dialog = screen.getByRole('dialog', { name: 'この質問を削除しますか？' })
    expect(dialog.textContent).toContain(`「${whereAnswer.question}」を削除します。`)
    // Changing one's mind sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'やめる' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: '削除' }))
    dialog = screen.getByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('理由（任意）'), { target: { value: '古い内容' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '削除する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/help'))
    expect((await screen.findByRole('status')).textContent).toBe(
      `「${whereAnswer.question}」を削除しました。`,
    )
    expect(calls.filter((call) => call.key === REMOVE).map((call) => call.body)).toEqual([
      { reason: '古い内容' },
    ])
    await waitFor(() => expect(screen.getByRole('heading', { name: '削除した質問（2件）' })).toBeTruthy())
  })

  it('tells a refusal in the dialog and removes nothing', async () => {
    stubContentApi({
      [`GET ${HELP_API}`]: answer(adminHelp()),
      [REMOVE]: refusal('HELP_ANSWER_NOT_FOUND', 404),
    })
    const view = renderConsole(PAGE)
    fireEvent.click(await screen.findByRole('button', { name: '削除' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }))
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(
      'この質問は見つかりませんでした。ほかの人が削除した可能性があります。ページを再読み込みしてください。',
    )
    expect(view.address()).toBe(PAGE)
  })
})
