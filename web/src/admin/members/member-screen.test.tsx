// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import {
  ACCOUNT_ID,
  answer,
  decision,
  MEMBER_API,
  memberDetail,
  refusal,
  stubMembersApi,
} from './testing/member-fixtures'

const PAGE = `/admin/members/${ACCOUNT_ID}`
const region = (name: string) => screen.getByRole('region', { name })
const rowsOf = (name: string) => within(region(name)).getAllByRole('row').slice(1)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("a member's page", () => {
  it('shows membership, how they sign in, penalties, sessions, payments and seals, in Japan time', async () => {
    stubMembersApi({ [`GET ${MEMBER_API}`]: answer(memberDetail()) })
    renderConsole(PAGE)
    await screen.findByRole('heading', { name: '会員の詳細', level: 1 })
    expect(document.title).toBe('会員の詳細 | PuriBox 管理')
    const facts = await screen.findByRole('region', { name: '会員の情報' })
    for (const text of [
      `アカウントID${ACCOUNT_ID}`,
      'メールアドレスhana@example.jp',
      'ニックネームはな',
      '生年月日2008-05-05',
      '会員の種類プレミアム会員',
      'プレミアムの有効期限2026/12/01 09:00',
      '登録日時2026/04/01 10:00',
      'メールアドレスとパスワード',
      'LINE（2026/05/01 12:00に連携）',
    ])
      expect(facts.textContent).toContain(text)

    const penalties = region('ペナルティ')
    expect(within(penalties).getByRole('region', { name: 'プリ取得のペナルティ' }).textContent).toContain(
      'ペナルティなし',
    )
    expect(within(penalties).getByRole('region', { name: 'SNSのペナルティ' }).textContent).toContain(
      'ペナルティなし',
    )

    expect(rowsOf('ログイン中の端末（1台）').map((row) => row.textContent)).toEqual([
      'iPhone Safari2026/11/18 10:002026/11/20 11:45',
    ])
    const payment = rowsOf('支払い')[0]?.textContent
    expect(payment).toContain('クレジットカード')
    expect(payment).toContain('有効')
    expect(payment).toContain('更新あり')
    expect(payment).toContain('330円')
    expect(payment).toContain('sub_0001')
    expect(payment).toContain('gw-778899')
    expect(rowsOf('保存したシール（全2件）').map((row) => row.textContent)).toEqual([
      'ABCDE-123452026/11/19 19:004枚',
      'FGHJK-678902026/11/10 19:001枚',
    ])
    expect(screen.getByRole('link', { name: 'ABCDE-12345' }).getAttribute('href')).toBe(
      '/admin/seals/ABCDE12345',
    )
    expect(screen.getByText('これ以上のシールはありません。')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'この会員の監査ログを見る' }).getAttribute('href')).toBe(
      `/admin/audit?targetKind=account&targetId=${ACCOUNT_ID}`,
    )
    expect(screen.getByRole('link', { name: '会員をさがす' }).getAttribute('href')).toBe('/admin/members')
  })

  it('shows each penalty in force with the sentence the member reads, the note, who and when', async () => {
    stubMembersApi({
      [`GET ${MEMBER_API}`]: answer(
        memberDetail({
          penalties: {
            puriget: { penalty: 'RED', yellowUntil: null, decision: decision('OTHERS_PURI', '通報 #12') },
            sns: {
              penalty: 'SUSPENSION',
              decision: {
                ...decision('IMPERSONATION'),
                decidedBy: { kind: 'system', operatorId: null, operatorMailAddress: null, job: 'rules' },
              },
            },
          },
        }),
      ),
    })
    renderConsole(PAGE)
    const puriget = await screen.findByRole('region', { name: 'プリ取得のペナルティ' })
    expect(puriget.textContent).toContain('レッド')
    expect(puriget.textContent).toContain(
      '理由ほかの人のプリの取得ほかの人のシールIDを使って、自分が写っていないプリを取得していると判断しました。',
    )
    expect(puriget.textContent).toContain('メモ通報 #12')
    expect(puriget.textContent).toContain('設定した人ren@puribox.example')
    expect(puriget.textContent).toContain('設定日時2026/11/20 10:30')
    const sns = region('SNSのペナルティ')
    expect(sns.textContent).toContain('利用停止')
    expect(sns.textContent).toContain('ほかの人や有名人、PuriBoxになりすましていると判断しました。')
    expect(sns.textContent).toContain('メモなし')
    expect(sns.textContent).toContain('設定した人自動処理')
  })

  it('shows a YELLOW until when, saying no reason was kept', async () => {
    stubMembersApi({
      [`GET ${MEMBER_API}`]: answer(
        memberDetail({
          penalties: {
            puriget: { penalty: 'YELLOW', yellowUntil: '2026-11-20T04:00:00.000Z', decision: null },
            sns: { penalty: null, decision: null },
          },
        }),
      ),
    })
    renderConsole(PAGE)
    const puriget = await screen.findByRole('region', { name: 'プリ取得のペナルティ' })
    expect(puriget.textContent).toContain('イエロー2026/11/20 13:00まで')
    expect(puriget.textContent).toContain('理由の記録はありません')
  })

  it('pages on through the seals from the first page’s cursor', async () => {
    const first = memberDetail().seals
    const calls = stubMembersApi({
      [`GET ${MEMBER_API}`]: answer(memberDetail({ seals: { ...first, total: 3, next: 'cursor-1' } })),
      [`GET ${MEMBER_API}/seals?after=cursor-1`]: answer({
        total: 3,
        seals: [{ sealId: 'MNPQR23456', savedAt: '2026-11-01T10:00:00.000Z', pictures: 2 }],
        next: null,
      }),
    })
    renderConsole(PAGE)
    await screen.findByRole('region', { name: '保存したシール（全3件）' })
    expect(screen.getByText('3件のうち2件を表示しています。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }))
    await waitFor(() => expect(rowsOf('保存したシール（全3件）')).toHaveLength(3))
    expect(rowsOf('保存したシール（全3件）')[2]?.textContent).toContain('MNPQR-23456')
    expect(screen.getByText('3件のうち3件を表示しています。')).toBeTruthy()
    expect(screen.getByText('これ以上のシールはありません。')).toBeTruthy()
    expect(calls.filter((call) => call.key.includes('/seals')).length).toBeGreaterThan(0)
  })

  it('shows a viewer personal data as hidden, and offers no action at all', async () => {
    stubMembersApi(
      {
        [`GET ${MEMBER_API}`]: answer(
          memberDetail({
            account: { ...memberDetail().account, mailAddress: '***' },
            profile: { nickname: '***', birthday: '***' },
            penalties: {
              puriget: { penalty: 'RED', yellowUntil: null, decision: decision('SEAL_ID_GUESSING') },
              sns: { penalty: 'WARNING', decision: decision('INAPPROPRIATE_NICKNAME') },
            },
          }),
        ),
      },
      'VIEWER',
    )
    renderConsole(PAGE)
    const facts = await screen.findByRole('region', { name: '会員の情報' })
    expect(facts.textContent).toContain('メールアドレス非表示')
    expect(facts.textContent).toContain('ニックネーム非表示')
    expect(facts.textContent).not.toContain('***')
    expect(
      screen.getByText('いまの権限では、メールアドレス・ニックネーム・生年月日は「非表示」と表示されます。'),
    ).toBeTruthy()
    expect(screen.getByText('閲覧者の権限では、会員の情報を見ることだけができます。')).toBeTruthy()
    expect(within(screen.getByRole('main')).queryAllByRole('button')).toEqual([])
    expect(screen.queryByRole('region', { name: 'アカウントの削除' })).toBeNull()
  })

  it('offers an editor nothing either: acting on members is not an editor’s work', async () => {
    stubMembersApi({ [`GET ${MEMBER_API}`]: answer(memberDetail()) }, 'EDITOR')
    renderConsole(PAGE)
    await screen.findByRole('region', { name: '会員の情報' })
    expect(within(screen.getByRole('main')).queryAllByRole('button')).toEqual([])
    expect(screen.getByText('編集者の権限では、会員の情報を見ることだけができます。')).toBeTruthy()
  })

  it('offers support the penalties and signing out, but not deleting the account', async () => {
    stubMembersApi(
      {
        [`GET ${MEMBER_API}`]: answer(
          memberDetail({
            penalties: {
              puriget: { penalty: 'RED', yellowUntil: null, decision: decision('OTHERS_PURI') },
              sns: { penalty: 'WARNING', decision: decision('IMPERSONATION') },
            },
          }),
        ),
      },
      'SUPPORT',
    )
    renderConsole(PAGE)
    await screen.findByRole('region', { name: '会員の情報' })
    const buttons = within(screen.getByRole('main'))
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(buttons).toEqual([
      'レッドの理由を変更',
      'プリ取得のペナルティを解除',
      'SNSのペナルティを変更',
      'SNSのペナルティを解除',
      'すべての端末からログアウト',
    ])
    expect(screen.queryByRole('region', { name: 'アカウントの削除' })).toBeNull()
    expect(screen.queryByText(/見ることだけができます/)).toBeNull()
  })

  it('offers an admin deleting the account too; only what applies is offered for a member without penalties', async () => {
    stubMembersApi({ [`GET ${MEMBER_API}`]: answer(memberDetail()) }, 'ADMIN')
    renderConsole(PAGE)
    await screen.findByRole('region', { name: '会員の情報' })
    const buttons = within(screen.getByRole('main'))
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(buttons).toEqual([
      'レッドにする',
      'SNSのペナルティを設定',
      'すべての端末からログアウト',
      'アカウントを削除',
    ])
    // A subscription still renews: the deletion says so before anything is tried.
    expect(region('アカウントの削除').textContent).toContain(
      '自動更新中の支払いがあるため、いまは削除できません。',
    )
  })

  it('says plainly when the member is not there, and asks nothing for an address that names no account', async () => {
    const calls = stubMembersApi({ [`GET ${MEMBER_API}`]: refusal('MEMBER_NOT_FOUND', 404) })
    renderConsole(PAGE)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('会員の情報を表示できませんでした。')
    expect(alert.textContent).toContain(
      'この会員は見つかりませんでした。退会したか、アカウントが削除された可能性があります。',
    )
    expect(within(alert).queryByRole('button')).toBeNull()
    cleanup()
    renderConsole('/admin/members/not-an-id')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'この会員は見つかりませんでした。退会したか、アカウントが削除された可能性があります。',
    )
    expect(calls.filter((call) => call.key.includes('not-an-id'))).toEqual([])
  })

  it('tells a FORBIDDEN in Japanese', async () => {
    stubMembersApi({ [`GET ${MEMBER_API}`]: refusal('FORBIDDEN', 403) })
    renderConsole(PAGE)
    expect((await screen.findByRole('alert')).textContent).toContain('この操作をする権限がありません。')
  })
})
