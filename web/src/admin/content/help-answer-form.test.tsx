// @vitest-environment jsdom
import type { AdminHelp, AdminHelpAnswer } from '@puribox/contract/admin-help'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'
import { adminHelp, HELP_API, helpAnswer, helpCategory, whereAnswer } from './testing/help-fixtures'

const CREATE = `POST ${HELP_API}/answers`
const CHANGE = `PUT ${HELP_API}/answers/seal-id-where`

const field = <E extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<E>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body)

/** The help as the GET answers it now, with the answer added or changed by the last request. */
function helpWith(saved: AdminHelpAnswer | null): AdminHelp {
  const help = adminHelp()
  if (!saved) return help
  const seals = help.categories[0]
  const others = seals?.answers.filter((each) => each.id !== saved.id) ?? []
  return { ...help, categories: [helpCategory({ answers: [...others, saved] }), ...help.categories.slice(1)] }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('adding a help question (editor)', () => {
  it('tells every field left wrong in Japanese, beside it, sending nothing and losing nothing', async () => {
    const calls = stubContentApi({ [`GET ${HELP_API}`]: answer(adminHelp()) })
    renderConsole('/admin/help/answers/new')
    await screen.findByRole('heading', { name: 'ヘルプの質問を追加', level: 1 })
    await screen.findByLabelText('ID')
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    expect(errorOf('ID')).toBe('IDを入力してください。')
    expect(errorOf('カテゴリ')).toBe('カテゴリを選んでください。')
    expect(errorOf('質問')).toBe('質問を入力してください。')
    expect(errorOf('答え')).toBe('答えを入力してください。')

    type('ID', 'Seal_ID')
    type('質問', 'あ'.repeat(201))
    type('答え', '説明です。\n[外へ](https://evil.example/)')
    type('関連する質問（任意）', 'seal-id-input, no-such-answer')
    type('検索用のことば（任意）', 'ばんごう、'.concat('あ'.repeat(51)))
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    expect(errorOf('ID')).toBe(
      'IDは、半角の英小文字と数字をハイフン（-）でつないだもので、64文字以内にしてください（例: seal-id-where）。',
    )
    expect(errorOf('質問')).toBe('質問は、200文字以内で入力してください。')
    expect(errorOf('答え')).toBe(
      '答えの2行目のボタンの移動先は、このサイトのページのアドレス（/ で始まるもの。例: /web/common/help/top/index）にしてください。',
    )
    expect(errorOf('関連する質問（任意）')).toBe(
      '次のIDの質問はありません（この質問自身と、削除した質問は選べません）: no-such-answer',
    )
    expect(errorOf('検索用のことば（任意）')).toContain(
      'が長すぎます。検索用のことばは、1つ50文字以内にしてください。',
    )
    // An id in use is told before anything is sent.
    type('ID', 'seal-id-input')
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    expect(errorOf('ID')).toBe('このIDは、ほかの質問かカテゴリで使われています。別のIDにしてください。')
    expect(field<HTMLTextAreaElement>('答え').value).toBe('説明です。\n[外へ](https://evil.example/)')
    expect(sent(calls, CREATE)).toEqual([])
  })

  it('sends the question at the end of its category, its body read from the lines, then shows it', async () => {
    let saved: AdminHelpAnswer | null = null
    const calls = stubContentApi({
      [`GET ${HELP_API}`]: () => answer(helpWith(saved))(),
      [CREATE]: ({ body }) => {
        saved = helpAnswer({ ...(body as Partial<AdminHelpAnswer>), position: 3, featured: true })
        return answer(saved)()
      },
    })
    const view = renderConsole('/admin/help/answers/new?category=seal-id')
    await screen.findByLabelText('ID')
    expect(field<HTMLSelectElement>('カテゴリ').value).toBe('seal-id')
    type('ID', ' seal-id-lost ')
    type('質問', 'シールをなくしました')
    type(
      '答え',
      'シールIDがわからないと、プリは見られません。\n\n注意：再発行はできません。\n・友だちに聞く\n・写真を探す\n[シールIDを入力する](/sp/top/photo_get)',
    )
    type('検索用のことば（任意）', 'なくした、紛失')
    type('関連する質問（任意）', 'seal-id-where')
    fireEvent.click(field('ヘルプのトップの「よくある質問」に表示する'))
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/help/answers/seal-id-lost'))
    expect(sent(calls, CREATE)).toEqual([
      {
        id: 'seal-id-lost',
        categoryId: 'seal-id',
        question: 'シールをなくしました',
        body: [
          { type: 'text', text: 'シールIDがわからないと、プリは見られません。' },
          { type: 'note', text: '再発行はできません。' },
          { type: 'list', items: ['友だちに聞く', '写真を探す'] },
          { type: 'link', label: 'シールIDを入力する', href: '/sp/top/photo_get' },
        ],
        keywords: ['なくした', '紛失'],
        related: ['seal-id-where'],
        featured: true,
      },
    ])
    expect((await screen.findByRole('status')).textContent).toBe('質問を追加しました。')
    await screen.findByRole('heading', { name: 'シールをなくしました', level: 1 })
  })

  it('tells the server’s refusals beside their fields', async () => {
    stubContentApi({
      [`GET ${HELP_API}`]: answer(adminHelp()),
      [CREATE]: refusal('HELP_CATEGORY_FULL', 409),
    })
    renderConsole('/admin/help/answers/new?category=seal-id')
    await screen.findByLabelText('ID')
    type('ID', 'seal-id-lost')
    type('質問', 'シールをなくしました')
    type('答え', 'プリは見られません。')
    fireEvent.click(screen.getByRole('button', { name: '追加する' }))
    await waitFor(() =>
      expect(errorOf('カテゴリ')).toBe(
        'このカテゴリには、これ以上質問を追加できません（60件まで）。別のカテゴリを選ぶか、不要な質問を削除してください。',
      ),
    )
    expect(field('質問').value).toBe('シールをなくしました')
  })

  it('brings a removed question back with its id, category and question filled in', async () => {
    stubContentApi({ [`GET ${HELP_API}`]: answer(adminHelp()) })
    renderConsole('/admin/help/answers/new?category=seal-id&id=seal-id-old')
    await screen.findByLabelText('ID')
    expect(field('ID').value).toBe('seal-id-old')
    expect(field('質問').value).toBe('古いシールは使えますか？')
    expect(screen.getByText('削除した質問のIDです。追加すると、この内容で元に戻ります。')).toBeTruthy()
  })

  it('keeps what was typed through a reload', async () => {
    stubContentApi({ [`GET ${HELP_API}`]: answer(adminHelp()) })
    const view = renderConsole('/admin/help/answers/new')
    await screen.findByLabelText('答え')
    type('答え', '書きかけの答え')
    view.unmount()
    renderConsole('/admin/help/answers/new')
    await waitFor(() => expect(field<HTMLTextAreaElement>('答え').value).toBe('書きかけの答え'))
    expect(
      screen.getByText('前回の入力途中の内容を表示しています。保存するまで、このタブに残ります。'),
    ).toBeTruthy()
  })

  it('offers no form to a role that may not add one', async () => {
    stubContentApi({ [`GET ${HELP_API}`]: answer(adminHelp()) }, 'SUPPORT')
    renderConsole('/admin/help/answers/new')
    expect(
      await screen.findByText(
        'この画面は、編集者か管理者だけが使えます。いまの権限では、作成や変更はできません。',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: '追加する' })).toBeNull()
  })
})

describe('changing a help question (editor)', () => {
  it('starts from the question as stored, sends only what changed with the reason, and says it was saved', async () => {
    let saved: AdminHelpAnswer | null = null
    const calls = stubContentApi({
      [`GET ${HELP_API}`]: () => answer(helpWith(saved))(),
      [CHANGE]: ({ body }) => {
        saved = { ...whereAnswer, ...(body as Partial<AdminHelpAnswer>) }
        return answer(saved)()
      },
    })
    const view = renderConsole('/admin/help/answers/seal-id-where/edit')
    await screen.findByRole('heading', { name: 'ヘルプの質問を変更', level: 1 })
    await waitFor(() => expect(field('質問').value).toBe(whereAnswer.question))
    expect(screen.queryByLabelText('ID')).toBeNull()
    expect(field<HTMLTextAreaElement>('答え').value).toBe(
      'シールのふちに、英数字10文字が印刷されています。\n\n注意：シールIDは、一緒に撮った人だけが知っている大切なIDです。\n\n[シールIDを入力する](/sp/top/photo_get)',
    )
    expect(field<HTMLTextAreaElement>('検索用のことば（任意）').value).toBe('ばんごう、番号')
    expect(field('関連する質問（任意）').value).toBe('seal-id-input')
    expect(field('ヘルプのトップの「よくある質問」に表示する').checked).toBe(true)

    // Nothing changed: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      '変更された項目がないため、保存しませんでした。',
    )
    expect(sent(calls, CHANGE)).toEqual([])

    type('答え', `${field<HTMLTextAreaElement>('答え').value}\n\n1. トップを開く\n2. 入力する`)
    fireEvent.click(field('ヘルプのトップの「よくある質問」に表示する'))
    type('理由（任意）', '手順を追加')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/help/answers/seal-id-where'))
    expect(sent(calls, CHANGE)).toEqual([
      {
        body: [...whereAnswer.body, { type: 'steps', items: ['トップを開く', '入力する'] }],
        featured: false,
        reason: '手順を追加',
      },
    ])
    expect((await screen.findByRole('status')).textContent).toBe('変更を保存しました。')
  })

  it('tells the server’s FORBIDDEN in Japanese, keeping what was typed', async () => {
    stubContentApi({
      [`GET ${HELP_API}`]: answer(adminHelp()),
      [CHANGE]: refusal('FORBIDDEN', 403),
    })
    renderConsole('/admin/help/answers/seal-id-where/edit')
    await waitFor(() => expect(field('質問').value).toBe(whereAnswer.question))
    type('質問', 'シールIDはどこ？')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'この操作をする権限がありません。権限が変わった可能性があります。ページを再読み込みして、表示を確かめてください。',
    )
    expect(field('質問').value).toBe('シールIDはどこ？')
  })
})

describe('changing a help category (editor)', () => {
  const CATEGORY = `PUT ${HELP_API}/categories/seal-id`

  it('sends what changed, tells bad input in Japanese and a refusal, then shows the help', async () => {
    let refuse = true
    const calls = stubContentApi({
      [`GET ${HELP_API}`]: answer(adminHelp()),
      [CATEGORY]: ({ body }) =>
        refuse ? refusal('HELP_CATEGORY_NOT_FOUND', 404)() : answer(helpCategory(body as object))(),
    })
    const view = renderConsole('/admin/help/categories/seal-id/edit')
    await waitFor(() => expect(field('カテゴリの名前').value).toBe('シールIDについて'))
    type('カテゴリの名前', '')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect(errorOf('カテゴリの名前')).toBe('カテゴリの名前を入力してください。')
    type('カテゴリの名前', 'シールIDのこと')
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'このカテゴリは見つかりませんでした。ページを再読み込みして、カテゴリを選び直してください。',
    )
    refuse = false
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))
    await waitFor(() => expect(view.address()).toBe('/admin/help'))
    expect((await screen.findByRole('status')).textContent).toBe('「シールIDのこと」を変更しました。')
    expect(sent(calls, CATEGORY)).toEqual([{ title: 'シールIDのこと' }, { title: 'シールIDのこと' }])
  })
})
