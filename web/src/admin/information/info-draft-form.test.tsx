// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  adminPage,
  adminVersion,
  answer,
  INFO_API,
  POLICY_BODY,
  refusal,
  stubInfoApi,
} from './testing/info-fixtures'

const PAGE = `${INFO_API}/privacyPolicy`
const CURRENT = `${PAGE}/versions/2026-04-01`
const PREVIEW = `POST ${INFO_API}/preview`

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const posts = (calls: { key: string; body: unknown }[]) =>
  calls.filter((call) => !call.key.startsWith('GET') && call.key !== PREVIEW)
const previews = (calls: { key: string; body: unknown }[]) => calls.filter((call) => call.key === PREVIEW)

/** The routes a new draft of the privacy policy reads: the page, and its current version to start from. */
function newDraftApi(more: Record<string, () => Response> = {}) {
  return {
    [`GET ${PAGE}`]: answer(adminPage()),
    [`GET ${CURRENT}`]: answer(adminVersion({ version: '2026-04-01', state: 'current' })),
    [PREVIEW]: ({ body }: { body: unknown }) => {
      const markdown = (body as { body: string }).body
      const html = markdown.includes('<')
      return answer({
        blocks: [{ type: 'paragraph', content: [{ type: 'text', text: markdown.replace(/<[^>]*>/g, '') }] }],
        problems: html ? [{ code: 'html', detail: null }] : [],
        characters: markdown.length,
      })()
    },
    ...more,
  }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('writing a new version', () => {
  // Waits for the preview as a person would: typing pauses before it is asked for.
  it('starts from the text members read now, previews what is typed as typing pauses, and saves a draft', {
    timeout: 15_000,
  }, async () => {
    const calls = stubInfoApi(
      newDraftApi({
        [`POST ${PAGE}/versions`]: answer(adminVersion()),
        [`GET ${PAGE}/versions/2026-12-01`]: answer(adminVersion()),
      }),
    )
    const { address } = renderConsole('/admin/information/privacyPolicy/new')
    await screen.findByRole('heading', { name: '新しい版の下書き', level: 1 })
    expect(await screen.findByText('版「2026-04-01」の内容をもとにしています。')).toBeTruthy()
    expect(field<HTMLTextAreaElement>('本文（Markdown）').value).toBe(POLICY_BODY)
    expect(field('タイトル').value).toBe('プライバシーポリシー')
    // The text it starts from is previewed at once; a change is previewed once typing pauses.
    await waitFor(() => expect(previews(calls).at(-1)?.body).toEqual({ body: POLICY_BODY }))
    type('本文（Markdown）', 'こんにちは<b>太字</b>')
    const preview = screen.getByRole('region', { name: '会員への表示（プレビュー）' })
    expect(
      await within(preview).findByText('入力が変わりました。少しすると表示が更新されます。'),
    ).toBeTruthy()
    expect(await within(preview).findByText(/HTMLのタグは使えません。/, {}, { timeout: 3000 })).toBeTruthy()
    expect(previews(calls).at(-1)?.body).toEqual({ body: 'こんにちは<b>太字</b>' })
    expect(within(preview).getByText('こんにちは太字')).toBeTruthy()
    expect(screen.getByText(`${'こんにちは<b>太字</b>'.length} / 100000文字`)).toBeTruthy()

    type('本文（Markdown）', POLICY_BODY)
    type('版の名前', '2026-12-01')
    fireEvent.click(screen.getByRole('button', { name: '下書きを保存する' }))
    expect(await screen.findByText('下書きを保存しました。')).toBeTruthy()
    expect(address()).toBe('/admin/information/privacyPolicy/versions/2026-12-01')
    expect(posts(calls)).toEqual([
      {
        key: `POST ${PAGE}/versions`,
        body: { version: '2026-12-01', title: 'プライバシーポリシー', body: POLICY_BODY },
      },
    ])
  })

  it('tells a label that is none, an empty body, and a label in use beside their fields', async () => {
    const calls = stubInfoApi(
      newDraftApi({ [`POST ${PAGE}/versions`]: refusal('INFORMATION_VERSION_TAKEN', 409) }),
    )
    renderConsole('/admin/information/privacyPolicy/new')
    await screen.findByText('版「2026-04-01」の内容をもとにしています。')
    type('版の名前', '2026/12/01')
    type('本文（Markdown）', '  ')
    fireEvent.click(screen.getByRole('button', { name: '下書きを保存する' }))
    expect(errorOf('版の名前')).toBe('版の名前は、半角の英数字と . _ - で入力してください（先頭は英数字）。')
    expect(errorOf('本文（Markdown）')).toBe('本文（Markdown）を入力してください。')
    expect(posts(calls)).toEqual([])

    type('版の名前', '2026-04-01')
    type('本文（Markdown）', '本文')
    fireEvent.click(screen.getByRole('button', { name: '下書きを保存する' }))
    await waitFor(() =>
      expect(errorOf('版の名前')).toBe('この名前の版が、すでにあります。ほかの名前にしてください。'),
    )
  })

  it('changes a draft: only what changed is sent, with its reason, and a new label is followed', async () => {
    const draft = adminVersion({ version: 'draft-1' })
    const calls = stubInfoApi(
      newDraftApi({
        [`GET ${PAGE}/versions/draft-1`]: answer(draft),
        [`PUT ${PAGE}/versions/draft-1`]: answer(adminVersion()),
        [`GET ${PAGE}/versions/2026-12-01`]: answer(adminVersion()),
      }),
    )
    const { address } = renderConsole('/admin/information/privacyPolicy/versions/draft-1/edit')
    await screen.findByRole('heading', { name: '下書きを変更', level: 1 })
    await waitFor(() => expect(field('版の名前').value).toBe('draft-1'))
    type('版の名前', '2026-12-01')
    type('理由（任意）', '日付に合わせる')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect(await screen.findByText('変更を保存しました。')).toBeTruthy()
    expect(address()).toBe('/admin/information/privacyPolicy/versions/2026-12-01')
    expect(posts(calls)).toEqual([
      { key: `PUT ${PAGE}/versions/draft-1`, body: { version: '2026-12-01', reason: '日付に合わせる' } },
    ])
  })

  it('keeps a viewer out of the form', async () => {
    stubInfoApi(newDraftApi(), 'VIEWER')
    renderConsole('/admin/information/privacyPolicy/new')
    expect(await screen.findByText(/この画面は、編集者か管理者だけが使えます。/)).toBeTruthy()
    expect(screen.queryByLabelText('本文（Markdown）')).toBeNull()
  })
})
