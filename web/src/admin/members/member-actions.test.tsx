// @vitest-environment jsdom
import type { MemberDetail } from '@puribox/contract/admin-members'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  ACCOUNT_ID,
  answer,
  decision,
  MEMBER_API,
  MEMBERS_API,
  memberDetail,
  memberSummary,
  refusal,
  stubMembersApi,
} from './testing/member-fixtures'

const PAGE = `/admin/members/${ACCOUNT_ID}`
const FORBIDDEN =
  'この操作をする権限がありません。権限が変わった可能性があります。ページを再読み込みして、表示を確かめてください。'

/** The member's page answering `current()` as it is when asked, with the action routes given. */
function memberApi(current: () => MemberDetail, more: Record<string, () => Response> = {}) {
  return { [`GET ${MEMBER_API}`]: () => answer(current())(), ...more }
}

const dialog = () => screen.getByRole('dialog')
const inDialog = () => within(dialog())
const open = async (name: string) => fireEvent.click(await screen.findByRole('button', { name }))
const choose = (label: string, value: string) =>
  fireEvent.change(inDialog().getByLabelText(label), { target: { value } })
const send = (name: string) => fireEvent.click(inDialog().getByRole('button', { name }))
const bodyOf = (calls: { key: string; body: unknown }[], key: string) =>
  calls.find((call) => call.key === key)?.body
const status = () =>
  screen.findByText(
    (_, element) => element?.getAttribute('role') === 'status' && element.classList.contains('console-flash'),
  )

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the puri-getting penalty', () => {
  it('is made RED with a reason whose member-facing sentence is shown first, and the page shows it after', async () => {
    let detail = memberDetail()
    const calls = stubMembersApi(
      memberApi(() => detail, {
        [`PUT ${MEMBER_API}/puriget-penalty`]: () => {
          detail = memberDetail({
            penalties: {
              puriget: { penalty: 'RED', yellowUntil: null, decision: decision('OTHERS_PURI', '通報あり') },
              sns: { penalty: null, decision: null },
            },
          })
          return answer(detail)()
        },
      }),
      'SUPPORT',
    )
    renderConsole(PAGE)
    await open('レッドにする')
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'プリ取得のペナルティをレッドにする' })).toBeTruthy()
    expect(dialog().textContent).toContain('理由を選ぶと、会員に表示される文をここに表示します。')

    // No reason: told, and nothing is sent.
    send('レッドにする')
    expect(await inDialog().findByText('理由を選んでください。')).toBeTruthy()
    expect(calls.filter((call) => call.key.startsWith('PUT'))).toEqual([])

    expect(
      inDialog()
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '選んでください',
      '存在しないシールIDの大量入力',
      'ほかの人のプリの取得',
      'その他の利用規約違反',
    ])
    choose('理由', 'OTHERS_PURI')
    expect(dialog().textContent).toContain(
      '会員に表示される理由ほかの人のシールIDを使って、自分が写っていないプリを取得していると判断しました。',
    )
    fireEvent.change(inDialog().getByLabelText('メモ（任意）'), { target: { value: ' 通報あり ' } })
    send('レッドにする')

    expect((await status()).textContent).toBe('プリ取得のペナルティをレッドにしました。')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(bodyOf(calls, `PUT ${MEMBER_API}/puriget-penalty`)).toEqual({
      reason: 'OTHERS_PURI',
      note: '通報あり',
    })
    const card = screen.getByRole('region', { name: 'プリ取得のペナルティ' })
    expect(card.textContent).toContain('レッド')
    expect(card.textContent).toContain('メモ通報あり')
    // What is offered follows: another reason, or clearing it.
    expect(within(card).getByRole('button', { name: 'レッドの理由を変更' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'プリ取得のペナルティを解除' })).toBeTruthy()
  })

  it('tells a FORBIDDEN in the dialog, and asks the page again', async () => {
    const calls = stubMembersApi(
      memberApi(() => memberDetail(), { [`PUT ${MEMBER_API}/puriget-penalty`]: refusal('FORBIDDEN', 403) }),
    )
    renderConsole(PAGE)
    await open('レッドにする')
    choose('理由', 'TERMS_VIOLATION')
    send('レッドにする')
    expect((await inDialog().findByRole('alert')).textContent).toBe(FORBIDDEN)
    await waitFor(() =>
      expect(calls.filter((call) => call.key === `GET ${MEMBER_API}`).length).toBeGreaterThan(1),
    )
    expect(bodyOf(calls, `PUT ${MEMBER_API}/puriget-penalty`)).toEqual({ reason: 'TERMS_VIOLATION' })
  })

  it('is cleared with a note after confirming; a penalty cleared meanwhile is said plainly', async () => {
    let detail = memberDetail({
      penalties: {
        puriget: { penalty: 'RED', yellowUntil: null, decision: decision('SEAL_ID_GUESSING') },
        sns: { penalty: null, decision: null },
      },
    })
    const calls = stubMembersApi(
      memberApi(() => detail, {
        [`POST ${MEMBER_API}/puriget-penalty/clear`]: () => {
          detail = memberDetail()
          return answer(detail)()
        },
      }),
    )
    renderConsole(PAGE)
    await open('プリ取得のペナルティを解除')
    expect(
      screen.getByRole('dialog', { name: 'プリ取得のペナルティを解除しますか？' }).textContent,
    ).toContain('会員は、すぐにシールIDを入力できるようになります。')
    // Changing one's mind sends nothing.
    send('やめる')
    expect(screen.queryByRole('dialog')).toBeNull()
    await open('プリ取得のペナルティを解除')
    fireEvent.change(inDialog().getByLabelText('メモ（任意）'), { target: { value: '問い合わせで確認済み' } })
    send('解除する')
    expect((await status()).textContent).toBe('プリ取得のペナルティを解除しました。')
    expect(bodyOf(calls, `POST ${MEMBER_API}/puriget-penalty/clear`)).toEqual({
      note: '問い合わせで確認済み',
    })
    expect(screen.getByRole('region', { name: 'プリ取得のペナルティ' }).textContent).toContain(
      'ペナルティなし',
    )
    expect(screen.queryByRole('button', { name: 'プリ取得のペナルティを解除' })).toBeNull()
    cleanup()

    stubMembersApi(
      memberApi(() => detail, {
        [`POST ${MEMBER_API}/puriget-penalty/clear`]: refusal('PENALTY_NOT_SET', 409),
      }),
    )
    detail = memberDetail({
      penalties: {
        puriget: { penalty: 'RED', yellowUntil: null, decision: decision('SEAL_ID_GUESSING') },
        sns: { penalty: null, decision: null },
      },
    })
    renderConsole(PAGE)
    await open('プリ取得のペナルティを解除')
    detail = memberDetail()
    send('解除する')
    expect((await inDialog().findByRole('alert')).textContent).toBe(
      'このペナルティは、すでに解除されています。最新の状態を表示しました。',
    )
  })

  it('refuses a note longer than the contract allows, sending nothing', async () => {
    const calls = stubMembersApi(memberApi(() => memberDetail()))
    renderConsole(PAGE)
    await open('レッドにする')
    choose('理由', 'TERMS_VIOLATION')
    const note = inDialog().getByLabelText<HTMLInputElement>('メモ（任意）')
    // What a browser's maxLength would stop is checked all the same (a pasted text, an old browser).
    note.removeAttribute('maxlength')
    fireEvent.change(note, { target: { value: 'あ'.repeat(501) } })
    send('レッドにする')
    expect(
      await inDialog().findByText('メモは、500文字以内で、改行などの制御文字を含めずに入力してください。'),
    ).toBeTruthy()
    expect(calls.filter((call) => call.key.startsWith('PUT'))).toEqual([])
  })
})

describe('the SNS penalty', () => {
  it('is set with a kind whose effect is told and a reason whose sentence is shown', async () => {
    let detail = memberDetail()
    const calls = stubMembersApi(
      memberApi(() => detail, {
        [`PUT ${MEMBER_API}/sns-penalty`]: () => {
          detail = memberDetail({
            sessions: [],
            penalties: {
              puriget: { penalty: 'GREEN', yellowUntil: null, decision: null },
              sns: { penalty: 'SUSPENSION', decision: decision('IMPERSONATION') },
            },
          })
          return answer(detail)()
        },
      }),
      'SUPPORT',
    )
    renderConsole(PAGE)
    await open('SNSのペナルティを設定')
    send('設定する')
    // Both wrong: listed at the top of the form, and each beside its field.
    expect(await inDialog().findAllByText('ペナルティの種類を選んでください。')).toHaveLength(2)
    expect(inDialog().getAllByText('理由を選んでください。')).toHaveLength(2)
    choose('ペナルティの種類', 'WARNING')
    expect(dialog().textContent).toContain('警告: 会員のプロフィール設定ページに、警告と理由が表示されます。')
    choose('ペナルティの種類', 'SUSPENSION')
    expect(dialog().textContent).toContain('利用停止: この会員は、すべての端末からすぐにログアウトされ')
    choose('理由', 'IMPERSONATION')
    expect(dialog().textContent).toContain('ほかの人や有名人、PuriBoxになりすましていると判断しました。')
    send('設定する')
    expect((await status()).textContent).toBe('SNSのペナルティを「利用停止」にしました。')
    expect(bodyOf(calls, `PUT ${MEMBER_API}/sns-penalty`)).toEqual({
      penalty: 'SUSPENSION',
      reason: 'IMPERSONATION',
    })
    expect(screen.getByRole('region', { name: 'SNSのペナルティ' }).textContent).toContain('利用停止')
    // Suspending signed the member out: the page answered shows no session left.
    expect(screen.getByRole('region', { name: 'ログイン中の端末（0台）' })).toBeTruthy()
  })

  it('opens a change at the penalty and reason in force', async () => {
    stubMembersApi(
      memberApi(() =>
        memberDetail({
          penalties: {
            puriget: { penalty: 'GREEN', yellowUntil: null, decision: null },
            sns: { penalty: 'ACCESSCONTROL', decision: decision('AD_REACTION_ABUSE') },
          },
        }),
      ),
    )
    renderConsole(PAGE)
    await open('SNSのペナルティを変更')
    expect(inDialog().getByLabelText<HTMLSelectElement>('ペナルティの種類').value).toBe('ACCESSCONTROL')
    expect(inDialog().getByLabelText<HTMLSelectElement>('理由').value).toBe('AD_REACTION_ABUSE')
    expect(dialog().textContent).toContain(
      '広告へのリアクションを、不自然にくり返し送っていると判断しました。',
    )
  })

  it('tells a member gone meanwhile plainly: the page says so once asked again', async () => {
    let gone = false
    stubMembersApi({
      [`GET ${MEMBER_API}`]: () => (gone ? refusal('MEMBER_NOT_FOUND', 404)() : answer(memberDetail())()),
      [`PUT ${MEMBER_API}/sns-penalty`]: () => {
        gone = true
        return refusal('MEMBER_NOT_FOUND', 404)()
      },
    })
    renderConsole(PAGE)
    await open('SNSのペナルティを設定')
    choose('ペナルティの種類', 'WARNING')
    choose('理由', 'TERMS_VIOLATION')
    send('設定する')
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'この会員は見つかりませんでした。退会したか、アカウントが削除された可能性があります。',
      ),
    )
  })

  it('is lifted after confirming, and a refusal is told in the dialog', async () => {
    let detail = memberDetail({
      penalties: {
        puriget: { penalty: 'GREEN', yellowUntil: null, decision: null },
        sns: { penalty: 'WARNING', decision: decision('INAPPROPRIATE_NICKNAME') },
      },
    })
    const calls = stubMembersApi(
      memberApi(() => detail, {
        [`POST ${MEMBER_API}/sns-penalty/clear`]: () => {
          detail = memberDetail()
          return answer(detail)()
        },
      }),
    )
    renderConsole(PAGE)
    await open('SNSのペナルティを解除')
    expect(screen.getByRole('dialog', { name: 'SNSのペナルティを解除しますか？' })).toBeTruthy()
    send('解除する')
    expect((await status()).textContent).toBe('SNSのペナルティを解除しました。')
    expect(bodyOf(calls, `POST ${MEMBER_API}/sns-penalty/clear`)).toEqual({})
    expect(screen.getByRole('button', { name: 'SNSのペナルティを設定' })).toBeTruthy()
    cleanup()

    stubMembersApi(
      memberApi(
        () =>
          memberDetail({
            penalties: {
              puriget: { penalty: 'GREEN', yellowUntil: null, decision: null },
              sns: { penalty: 'WARNING', decision: decision('INAPPROPRIATE_NICKNAME') },
            },
          }),
        { [`POST ${MEMBER_API}/sns-penalty/clear`]: refusal('FORBIDDEN', 403) },
      ),
      'SUPPORT',
    )
    renderConsole(PAGE)
    await open('SNSのペナルティを解除')
    send('解除する')
    expect((await inDialog().findByRole('alert')).textContent).toBe(FORBIDDEN)
  })
})

describe('signing a member out everywhere', () => {
  it('confirms first, then ends every session and says so', async () => {
    let detail = memberDetail()
    const calls = stubMembersApi(
      memberApi(() => detail, {
        [`POST ${MEMBER_API}/sign-out`]: () => {
          detail = memberDetail({ sessions: [] })
          return answer(detail)()
        },
      }),
      'SUPPORT',
    )
    renderConsole(PAGE)
    await open('すべての端末からログアウト')
    const confirm = screen.getByRole('dialog', { name: 'すべての端末からログアウトさせますか？' })
    expect(confirm.textContent).toContain('ログイン中の端末（1台）のすべてで、すぐにログアウトされます。')
    // Escape asks nothing of the server.
    act(() => {
      confirm.dispatchEvent(new Event('cancel', { cancelable: true }))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])

    await open('すべての端末からログアウト')
    fireEvent.change(inDialog().getByLabelText('メモ（任意）'), { target: { value: '端末の紛失' } })
    send('ログアウトさせる')
    expect((await status()).textContent).toBe('この会員を、すべての端末からログアウトさせました。')
    expect(bodyOf(calls, `POST ${MEMBER_API}/sign-out`)).toEqual({ note: '端末の紛失' })
    expect(screen.getByText('いまログインしている端末はありません。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'すべての端末からログアウト' })).toBeNull()
  })

  it('tells a FORBIDDEN in the dialog', async () => {
    stubMembersApi(
      memberApi(() => memberDetail(), { [`POST ${MEMBER_API}/sign-out`]: refusal('FORBIDDEN', 403) }),
    )
    renderConsole(PAGE)
    await open('すべての端末からログアウト')
    send('ログアウトさせる')
    expect((await inDialog().findByRole('alert')).textContent).toBe(FORBIDDEN)
  })
})

describe('deleting an account (admin)', () => {
  const unpaid = () =>
    memberDetail({
      subscriptions: [{ ...memberDetail().subscriptions[0]!, status: 'CANCELLED', renewing: false }],
    })

  it('works only once the account id is typed, then goes back to the search, where the member is gone', async () => {
    let deleted = false
    const calls = stubMembersApi({
      [`GET ${MEMBERS_API}?accountId=${ACCOUNT_ID}`]: () =>
        answer({ members: deleted ? [] : [memberSummary()], next: null })(),
      [`GET ${MEMBER_API}`]: answer(unpaid()),
      [`POST ${MEMBER_API}/delete`]: () => {
        deleted = true
        return answer({ accountId: ACCOUNT_ID, deleted: true })()
      },
    })
    const view = renderConsole(`/admin/members?accountId=${ACCOUNT_ID}`)
    fireEvent.click(await screen.findByRole('link', { name: ACCOUNT_ID }))
    const section = await screen.findByRole('region', { name: 'アカウントの削除' })
    expect(section.textContent).not.toContain('自動更新中')
    // The way back names the search the operator came from.
    expect(screen.getByRole('link', { name: '会員をさがす' }).getAttribute('href')).toBe(
      `/admin/members?accountId=${ACCOUNT_ID}`,
    )
    fireEvent.click(within(section).getByRole('button', { name: 'アカウントを削除' }))
    const confirm = screen.getByRole('dialog', { name: 'アカウントを削除しますか？' })
    const submit = within(confirm).getByRole<HTMLButtonElement>('button', { name: '削除する' })
    const typed = within(confirm).getByLabelText('アカウントID')
    expect(submit.disabled).toBe(true)
    for (const wrong of ['', 'hana@example.jp', ACCOUNT_ID.slice(0, -1), `${ACCOUNT_ID}0`]) {
      fireEvent.change(typed, { target: { value: wrong } })
      expect(submit.disabled, wrong).toBe(true)
    }
    // Pressing Enter in a field is no way round the button.
    fireEvent.submit(submit.closest('form') as HTMLFormElement)
    expect(
      await within(confirm).findByText('確認のため、この会員のアカウントIDを正確に入力してください。'),
    ).toBeTruthy()
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])

    // Spaces around and the case do not matter, as on the server.
    fireEvent.change(typed, { target: { value: ` ${ACCOUNT_ID.toUpperCase()} ` } })
    expect(submit.disabled).toBe(false)
    fireEvent.click(submit)
    await waitFor(() => expect(view.address()).toBe(`/admin/members?accountId=${ACCOUNT_ID}`))
    expect((await status()).textContent).toBe(`アカウント ${ACCOUNT_ID} を削除しました。`)
    expect(bodyOf(calls, `POST ${MEMBER_API}/delete`)).toEqual({ confirmation: ACCOUNT_ID.toUpperCase() })
    expect(await screen.findByRole('heading', { name: '該当する会員はいません' })).toBeTruthy()
  })

  it('tells a subscription that still renews, and a mismatch beside the field', async () => {
    let code = 'PREMIUM_ACTIVE'
    stubMembersApi(
      memberApi(() => memberDetail(), {
        [`POST ${MEMBER_API}/delete`]: () => refusal(code, code === 'PREMIUM_ACTIVE' ? 409 : 400)(),
      }),
    )
    renderConsole(PAGE)
    await open('アカウントを削除')
    fireEvent.change(inDialog().getByLabelText('アカウントID'), { target: { value: ACCOUNT_ID } })
    send('削除する')
    expect((await inDialog().findByRole('alert')).textContent).toBe(
      '自動更新中の支払いがあるため、削除できませんでした。会員にプレミアムを解約してもらうか、決済会社の管理画面で支払いを終了してから、もう一度お試しください。',
    )
    code = 'DELETION_CONFIRMATION_MISMATCH'
    send('削除する')
    expect(await inDialog().findByText('入力したアカウントIDが、この会員のものと一致しません。')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})
