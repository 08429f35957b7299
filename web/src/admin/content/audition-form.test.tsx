// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { AUDITION_ID, AUDITIONS_API, adminAudition } from './testing/audition-fixtures'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'

const ITEM = `${AUDITIONS_API}/${AUDITION_ID}`
const created = adminAudition({ state: 'upcoming', opensAt: '2027-01-10T01:00:00.000Z' })

const field = <E extends HTMLElement = HTMLInputElement>(
  label: string,
  within_: HTMLElement = document.body,
) => within(within_).getByLabelText<E>(label)
const fieldset = (legend: string) => screen.getByRole('group', { name: legend })
const type = (label: string, value: string, where?: HTMLElement) =>
  fireEvent.change(field(label, where), { target: { value } })
const errorOf = (element: HTMLElement) =>
  within(element.closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const save = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
const posts = (calls: { key: string; body: unknown }[]) => calls.filter((call) => !call.key.startsWith('GET'))

/** Types a whole audition as an editor would (times in Japan time). */
function typeAudition() {
  type('ID', 'adult-ad-2027')
  type('タイトル', ' 大人プリ 広告モデル オーディション ')
  type('主催', 'PuriBox')
  type('説明', '大人向けのプリ機の広告モデルを募集します。\r\n撮影は平日の日中です。')
  type('下限（歳）', '２０')
  type('上限（歳）', '34')
  type('日付', '2027-01-10', fieldset('受付開始日時'))
  type('時刻', '10:00', fieldset('受付開始日時'))
  type('日付', '2027-01-31', fieldset('締め切り日時'))
  type('時刻', '23:59', fieldset('締め切り日時'))
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('writing an audition', () => {
  it('tells every field left wrong in Japanese, beside it, sending nothing and keeping what was typed', async () => {
    const calls = stubContentApi({})
    renderConsole('/admin/auditions/new')
    await screen.findByRole('heading', { name: 'オーディションを作成', level: 1 })
    type('ID', 'Adult_Ad')
    type('下限（歳）', '30')
    type('上限（歳）', '20')
    type('日付', '2027-01-10', fieldset('受付開始日時'))
    type('日付', '2020-01-31', fieldset('締め切り日時'))
    type('時刻', '23:59', fieldset('締め切り日時'))
    save('オーディションを作成する')
    expect(errorOf(field('ID'))).toBe(
      'IDは、半角の英小文字・数字・ハイフン（-）で、64文字以内で入力してください（先頭にハイフンは使えません）。',
    )
    expect(errorOf(field('タイトル'))).toBe('タイトルを入力してください。')
    expect(errorOf(field('主催'))).toBe('主催を入力してください。')
    expect(errorOf(field('説明'))).toBe('説明を入力してください。')
    expect(errorOf(field('上限（歳）'))).toBe('対象年齢の上限は、下限と同じか、それより上にしてください。')
    expect(errorOf(field('日付', fieldset('受付開始日時')))).toBe(
      '受付開始日時は、日付と時刻の両方を入力してください。',
    )
    expect(errorOf(field('日付', fieldset('締め切り日時')))).toBe(
      '締め切り日時は、いまより後にしてください。',
    )
    expect(
      screen.getByRole('heading', { name: '入力内容にまちがいがあります。下の項目を確認してください。' }),
    ).toBeTruthy()

    type('下限（歳）', '十')
    type('上限（歳）', '121')
    type('タイトル', 'あ'.repeat(81))
    type('時刻', '10:00', fieldset('受付開始日時'))
    type('日付', '2027-01-09', fieldset('締め切り日時'))
    save('オーディションを作成する')
    expect(errorOf(field('下限（歳）'))).toBe('対象年齢の下限は、0から120までの整数で入力してください。')
    expect(errorOf(field('上限（歳）'))).toBe('対象年齢の上限は、0から120までの整数で入力してください。')
    expect(errorOf(field('タイトル'))).toBe('タイトルは、80文字以内で入力してください。')
    expect(errorOf(field('日付', fieldset('締め切り日時')))).toBe(
      '締め切り日時は、受付開始日時より後にしてください。',
    )
    expect(field('ID').value).toBe('Adult_Ad')
    expect(posts(calls)).toEqual([])
  })

  it('keeps a half-typed audition through a reload, sends it, and forgets the draft once saved', async () => {
    stubContentApi({})
    renderConsole('/admin/auditions/new')
    await screen.findByRole('heading', { name: 'オーディションを作成', level: 1 })
    typeAudition()
    cleanup()

    const calls = stubContentApi({
      [`POST ${AUDITIONS_API}`]: answer(created),
      [`GET ${ITEM}`]: answer(created),
      [`GET ${ITEM}/applications`]: answer({ items: [], next: null }),
    })
    const view = renderConsole('/admin/auditions/new')
    await screen.findByRole('heading', { name: 'オーディションを作成', level: 1 })
    expect(
      screen.getByText('前回の入力途中の内容を表示しています。保存するまで、このタブに残ります。'),
    ).toBeTruthy()
    expect(field('上限（歳）').value).toBe('34')
    expect(field('時刻', fieldset('締め切り日時')).value).toBe('23:59')
    save('オーディションを作成する')
    await waitFor(() => expect(view.address()).toBe(`/admin/auditions/${AUDITION_ID}`))
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        id: 'adult-ad-2027',
        title: '大人プリ 広告モデル オーディション',
        organizer: 'PuriBox',
        description: '大人向けのプリ機の広告モデルを募集します。\n撮影は平日の日中です。',
        minAge: 20,
        maxAge: 34,
        opensAt: '2027-01-10T10:00:00+09:00',
        closesAt: '2027-01-31T23:59:00+09:00',
      },
    ])
    expect((await screen.findByRole('status')).textContent).toBe('オーディションを作成しました。')
    expect(sessionStorage.getItem('puribox:draft:admin:audition:new')).toBeNull()
  })

  it('tells an id in use beside the id', async () => {
    stubContentApi({ [`POST ${AUDITIONS_API}`]: refusal('AUDITION_TAKEN', 409) })
    renderConsole('/admin/auditions/new')
    await screen.findByRole('heading', { name: 'オーディションを作成', level: 1 })
    typeAudition()
    save('オーディションを作成する')
    await waitFor(() =>
      expect(errorOf(field('ID'))).toBe(
        'このIDのオーディションは、すでにあります。本人確認サービスに登録したIDを確かめてください。',
      ),
    )
  })

  it('is not offered to a viewer or support, who are told who writes auditions', async () => {
    stubContentApi({}, 'SUPPORT')
    renderConsole('/admin/auditions/new')
    expect(
      await screen.findByText(
        'この画面は、編集者か管理者だけが使えます。いまの権限では、オーディションの作成や変更はできません。',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })
})

describe('changing an audition', () => {
  it('sends only what changed with the reason, and keeps the opening of one that has opened', async () => {
    const audition = adminAudition()
    const calls = stubContentApi({
      [`GET ${ITEM}`]: answer(audition),
      [`PUT ${ITEM}`]: answer(adminAudition({ maxAge: 39 })),
      [`GET ${ITEM}/applications`]: answer({ items: [], next: null }),
    })
    const view = renderConsole(`/admin/auditions/${AUDITION_ID}/edit`)
    await screen.findByRole('heading', { name: 'オーディションを変更', level: 1 })
    expect(
      await screen.findByText('受付中のオーディションです。保存すると、会員の画面にすぐ反映されます。'),
    ).toBeTruthy()
    expect(screen.queryByLabelText('ID')).toBeNull()
    expect(screen.queryByRole('group', { name: '受付開始日時' })).toBeNull()
    expect(
      screen.getByText('受付を始めたため、受付開始日時（2026/11/20 10:00）は変更できません。'),
    ).toBeTruthy()
    save('変更を保存する')
    expect(await screen.findByText('変更された項目がないため、保存しませんでした。')).toBeTruthy()
    type('上限（歳）', '39')
    type('理由（任意）', '応募の対象を広げるため')
    save('変更を保存する')
    await waitFor(() => expect(view.address()).toBe(`/admin/auditions/${AUDITION_ID}`))
    expect(posts(calls)).toEqual([
      { key: `PUT ${ITEM}`, body: { maxAge: 39, reason: '応募の対象を広げるため' } },
    ])
  })

  it('says a closed audition takes no change', async () => {
    stubContentApi({ [`GET ${ITEM}`]: answer(adminAudition({ state: 'closed' })) })
    renderConsole(`/admin/auditions/${AUDITION_ID}/edit`)
    expect(await screen.findByText('受付を終了したオーディションは、変更できません。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '変更を保存する' })).toBeNull()
  })
})
