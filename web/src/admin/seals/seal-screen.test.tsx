// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  adminSeal,
  answer,
  hiddenSeal,
  MINI_ID,
  maskedSeal,
  PREMIUM_ID,
  refusal,
  SEAL_API,
  stubSealsApi,
} from './testing/seal-fixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const PAGE = '/admin/seals/ABCDE12345'
const SEAL = `GET ${SEAL_API}`
const HIDE = `POST ${SEAL_API}/hide`
const UNHIDE = `POST ${SEAL_API}/unhide`

const region = (name: string) => screen.getByRole('region', { name })
const state = () => screen.getByRole('region', { name: /^公開の状態/ })
/** The page once the seal came (its title shows while it comes). */
const opened = () => screen.findByRole('region', { name: '撮影の情報' })

describe("a seal's page", () => {
  it('shows where and when it was played, its pictures, who saved which and when, and that members see it', async () => {
    stubSealsApi({ [SEAL]: answer(adminSeal()) })
    renderConsole(PAGE)
    await opened()
    expect(document.title).toBe('シール ABCDE-12345 | PuriBox 管理')
    expect(screen.getByRole('heading', { name: 'シール ABCDE-12345', level: 1 })).toBeTruthy()
    const trail = screen.getByRole('navigation', { name: '現在の位置' })
    expect(within(trail).getByRole('link', { name: 'シール' }).getAttribute('href')).toBe('/admin/seals')

    const facts = region('撮影の情報')
    expect(facts.textContent).toContain('シールIDABCDE-12345')
    expect(facts.textContent).toContain('撮影日時2026/11/20 11:00')
    expect(facts.textContent).toContain('保存期限2026/11/27 11:00')
    expect(facts.textContent).not.toContain('期限切れ')
    expect(within(facts).getByRole('link', { name: 'プリ機A' }).getAttribute('href')).toBe(
      '/admin/booths/machines/m-shibuya-1',
    )
    expect(within(facts).getByRole('link', { name: 'ゲームセンター渋谷' }).getAttribute('href')).toBe(
      '/admin/booths/shops/0192f0c4-0000-7000-8000-000000005401',
    )

    const pictures = screen.getByRole('region', { name: /^プリ/ })
    const images = within(pictures).getAllByRole('img')
    expect(images.map((image) => [image.getAttribute('alt'), image.getAttribute('src')])).toEqual(
      [1, 2, 3].map((number) => [`プリ${number}枚目`, `${SEAL_API}/puris/${number}/thumb`]),
    )
    const enlarge = within(pictures).getByRole('link', { name: 'プリ3枚目を大きく見る（新しいタブ）' })
    expect(enlarge.getAttribute('href')).toBe(`${SEAL_API}/puris/3/medium`)
    expect(enlarge.getAttribute('target')).toBe('_blank')
    expect(within(pictures).getAllByText('らくがき前')).toHaveLength(1)

    const owners = screen.getByRole('region', { name: /^保存した会員/ })
    expect(owners.textContent).toContain('2人')
    const rows = within(owners).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      `${MINI_ID}2026/11/20 12:001枚目（2026/11/20 12:00）`,
      `${PREMIUM_ID}2026/11/20 12:051枚目（2026/11/20 12:05）2枚目（2026/11/20 12:05）3枚目（2026/11/20 12:05）`,
    ])
    expect(within(owners).getByRole('link', { name: MINI_ID }).getAttribute('href')).toBe(
      `/admin/members/${MINI_ID}`,
    )
    expect(
      within(owners).getByRole('link', { name: '保存した会員を会員の画面で探す' }).getAttribute('href'),
    ).toBe('/admin/members?sealId=ABCDE12345')

    expect(state().textContent).toContain('公開中')
    expect(within(state()).getByRole('button', { name: '公開を停止する' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'このシールの監査ログを見る' }).getAttribute('href')).toBe(
      '/admin/audit?targetKind=seal&targetId=ABCDE12345',
    )
  })

  it('stops its publication for a reason picked from the list, after saying what that does', async () => {
    const calls = stubSealsApi({ [SEAL]: answer(adminSeal()), [HIDE]: answer(hiddenSeal()) })
    renderConsole(PAGE)
    await opened()
    fireEvent.click(within(state()).getByRole('button', { name: '公開を停止する' }))
    const form = await within(state()).findByRole('form', { name: '公開を停止する' })
    expect(form.textContent).toContain(
      '保存済みのプリもマイページに表示されなくなりますが、削除はされません。',
    )
    expect(document.activeElement?.textContent).toBe('公開を停止する')

    // No reason: said beside the choice, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: '公開を停止する' }))
    expect(await within(form).findByText('理由を選んでください。')).toBeTruthy()
    expect(calls.map((call) => call.key)).not.toContain(HIDE)

    fireEvent.change(within(form).getByLabelText('理由'), { target: { value: 'LOST_SHEET' } })
    fireEvent.change(within(form).getByLabelText('メモ（任意）'), {
      target: { value: ' inquiry PB261120-ABCD ' },
    })
    fireEvent.click(within(form).getByRole('button', { name: '公開を停止する' }))
    const done = await screen.findByRole('status')
    expect(done.textContent).toBe('公開を停止しました。会員とゲストには、このシールが表示されません。')
    expect(calls.find((call) => call.key === HIDE)?.body).toEqual({
      reason: 'LOST_SHEET',
      note: 'inquiry PB261120-ABCD',
    })
    const text = state().textContent
    expect(text).toContain('公開停止中')
    expect(text).toContain('理由シールの紛失・盗難')
    expect(text).toContain('メモinquiry PB261120-ABCD')
    expect(text).toContain('停止した日時2026/11/21 10:30')
    expect(text).toContain('停止した運営スタッフaoi@puribox.example')
    expect(within(state()).queryByRole('form')).toBeNull()
  })

  it('changes why a stopped seal is stopped, the form starting from the reason and note in force', async () => {
    const calls = stubSealsApi({
      [SEAL]: answer(hiddenSeal()),
      [HIDE]: answer(hiddenSeal({ hidden: { ...hiddenSeal().hidden!, reason: 'PRIVACY' } })),
    })
    renderConsole(PAGE)
    await opened()
    fireEvent.click(within(state()).getByRole('button', { name: '停止の理由を変更する' }))
    const form = await within(state()).findByRole('form', { name: '停止の理由を変更する' })
    expect(within(form).getByLabelText<HTMLSelectElement>('理由').value).toBe('LOST_SHEET')
    expect(within(form).getByLabelText<HTMLInputElement>('メモ（任意）').value).toBe('inquiry PB261120-ABCD')
    fireEvent.change(within(form).getByLabelText('理由'), { target: { value: 'PRIVACY' } })
    fireEvent.click(within(form).getByRole('button', { name: '理由を変更する' }))
    expect((await screen.findByRole('status')).textContent).toBe('停止の理由を変更しました。')
    expect(calls.find((call) => call.key === HIDE)?.body).toEqual({
      reason: 'PRIVACY',
      note: 'inquiry PB261120-ABCD',
    })
    expect(state().textContent).toContain('理由写っている人の同意がない')
  })

  it('restarts its publication with a note', async () => {
    const calls = stubSealsApi({ [SEAL]: answer(hiddenSeal()), [UNHIDE]: answer(adminSeal()) })
    renderConsole(PAGE)
    await opened()
    expect(state().textContent).toContain(
      '会員とゲストは、このシールのプリを見ることも保存することもできません。',
    )
    fireEvent.click(within(state()).getByRole('button', { name: '公開を再開する' }))
    const form = await within(state()).findByRole('form', { name: '公開を再開する' })
    fireEvent.change(within(form).getByLabelText('メモ（任意）'), {
      target: { value: 'checked: no problem' },
    })
    fireEvent.click(within(form).getByRole('button', { name: '公開を再開する' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      '公開を再開しました。会員とゲストに、このシールがまた表示されます。',
    )
    expect(calls.find((call) => call.key === UNHIDE)?.body).toEqual({ note: 'checked: no problem' })
    expect(state().textContent).toContain('公開中')
  })

  it('says so when someone else restarted it first, and shows the seal as it now is', async () => {
    // Shown again by someone else: every read after the refused restart answers it shown.
    let restarted = false
    const calls = stubSealsApi({
      [SEAL]: () => answer(restarted ? adminSeal() : hiddenSeal())(),
      [UNHIDE]: () => {
        restarted = true
        return refusal('SEAL_NOT_HIDDEN', 409)()
      },
    })
    renderConsole(PAGE)
    await opened()
    fireEvent.click(within(state()).getByRole('button', { name: '公開を再開する' }))
    const form = await within(state()).findByRole('form', { name: '公開を再開する' })
    fireEvent.click(within(form).getByRole('button', { name: '公開を再開する' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'このシールは、すでに公開されています。ほかの運営スタッフが再開した可能性があります。',
    )
    await waitFor(() => expect(state().textContent).toContain('公開中'))
    expect(calls.filter((call) => call.key === SEAL).length).toBeGreaterThan(1)
  })

  it("shows a viewer everything but the accounts and the pictures (people's faces), and offers no change", async () => {
    stubSealsApi({ [SEAL]: answer(maskedSeal()) }, 'VIEWER')
    renderConsole(PAGE)
    await opened()
    const owners = screen.getByRole('region', { name: /^保存した会員/ })
    expect(owners.textContent).toContain('閲覧者の権限では、会員のアカウントIDは「非表示」と表示されます。')
    expect(within(owners).getAllByText('非表示')).toHaveLength(2)
    expect(within(owners).queryByRole('link', { name: /^0192f0c4/ })).toBeNull()
    const pictures = screen.getByRole('region', { name: /^プリ/ })
    expect(within(pictures).queryAllByRole('img')).toHaveLength(0)
    expect(pictures.textContent).toContain('閲覧者の権限では、プリの画像は表示できません。')
    expect(within(state()).queryByRole('button')).toBeNull()
    expect(state().textContent).toContain(
      '閲覧者の権限では、公開の停止と再開はできません。サポート担当か管理者に依頼してください。',
    )
  })

  it('says a seal that is not there is not there, with the lookup to try another', async () => {
    stubSealsApi({ [SEAL]: refusal('SEAL_NOT_FOUND', 404) })
    renderConsole(PAGE)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('シールを表示できませんでした。')
    expect(alert.textContent).toContain('このシールIDのシールはありません。')
    expect(within(alert).queryByRole('button')).toBeNull()
    expect(screen.getByLabelText<HTMLInputElement>('シールID').value).toBe('ABCDE-12345')
  })

  it('says when a seal is past its expiry, and that its unsaved pictures went', async () => {
    stubSealsApi({ [SEAL]: answer(adminSeal({ expired: true, puris: [] })) })
    renderConsole(PAGE)
    await opened()
    expect(region('撮影の情報').textContent).toContain('期限切れ')
    const pictures = screen.getByRole('region', { name: /^プリ/ })
    expect(pictures.textContent).toContain(
      '保存期限が過ぎたため、どの会員にも保存されなかったプリは削除されています。',
    )
    expect(pictures.textContent).toContain('このシールには、残っているプリがありません。')
  })
})
