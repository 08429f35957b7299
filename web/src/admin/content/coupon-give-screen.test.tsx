// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { answer, refusal, stubContentApi } from './testing/content-fixtures'
import { ACCOUNT_ID, adminCoupon, COUPON_ID, COUPONS_API, couponRecipient } from './testing/coupon-fixtures'

const ITEM = `${COUPONS_API}/${COUPON_ID}`
const PATH = `/admin/coupons/${COUPON_ID}/give`
const RECIPIENT = `GET ${ITEM}/recipients/${ACCOUNT_ID}`
const GIVE = `POST ${ITEM}/tickets`

const individual = adminCoupon({
  state: 'published',
  title: 'おわびクーポン',
  grant: 'INDIVIDUAL',
  validDays: 30,
  publishedAt: '2026-11-20T01:00:00.000Z',
})

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const errorOf = (label: string) =>
  within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('giving a member a coupon', () => {
  it('checks the account id, shows whom it names, masked, and gives it with the reason', async () => {
    const calls = stubContentApi(
      {
        [`GET ${ITEM}`]: answer(individual),
        [RECIPIENT]: answer(couponRecipient()),
        [GIVE]: answer(
          couponRecipient({
            ticket: {
              id: '0192f0c4-0000-7000-8000-0000000000e1',
              grantedAt: '2026-11-20T03:00:00.000Z',
              validFrom: '2026-11-20T03:00:00.000Z',
              validUntil: '2026-12-20T03:00:00.000Z',
              usedAt: null,
            },
          }),
        ),
      },
      'SUPPORT',
    )
    const view = renderConsole(PATH)
    await screen.findByLabelText('アカウントID')
    const what = screen.getByRole('region', { name: 'おわびクーポン' }).textContent
    expect(what).toContain('使える店舗・機種すべての店舗のプリ機')
    expect(what).toContain('有効期間届いてから30日（配布終了日時まで）')
    expect(what).toContain('配布期間2026/11/20 10:00 〜 2026/12/31 23:59')
    press('会員を確認する')
    expect(errorOf('アカウントID')).toBe('アカウントIDを入力してください。')
    type('アカウントID', '0192f0c4-7d1e')
    press('会員を確認する')
    expect(errorOf('アカウントID')).toBe(
      'アカウントIDは、会員のページに表示される英数字とハイフンの36文字を、そのまま入力してください。',
    )
    // Pasted with a full-width character and spaces, in capitals: read as the id it is.
    type('アカウントID', ` ${ACCOUNT_ID.toUpperCase().replace('-', '－')} `)
    press('会員を確認する')
    const to = await screen.findByRole('region', { name: '配る相手' })
    expect(to.textContent).toContain(`アカウントID${ACCOUNT_ID}`)
    expect(to.textContent).toContain('メールアドレスh***@example.jp')
    expect(to.textContent).toContain('会員の種類プレミアム会員')
    expect(to.textContent).toContain('登録日時2025/04/01 12:00')

    press('この会員に配る')
    expect(errorOf('配る理由')).toBe('配る理由を入力してください。')
    type('配る理由', 'PB261120-ABCD の対応')
    press('この会員に配る')
    await waitFor(() => expect(view.address()).toBe(`/admin/coupons/${COUPON_ID}`))
    expect(calls.filter((call) => call.key === GIVE).map((call) => call.body)).toEqual([
      { accountId: ACCOUNT_ID, reason: 'PB261120-ABCD の対応' },
    ])
    expect((await screen.findByRole('status')).textContent).toBe(
      '会員に配りました。有効期限は2026/12/20 12:00です。',
    )
  })

  it('says when no member has the id, and offers no second ticket to a member who holds one', async () => {
    const other = '0192f0c4-7d1e-7a3b-9c2d-000000000000'
    stubContentApi(
      {
        [`GET ${ITEM}`]: answer(individual),
        [`GET ${ITEM}/recipients/${other}`]: refusal('MEMBER_NOT_FOUND', 404),
        [RECIPIENT]: answer(
          couponRecipient({
            ticket: {
              id: '0192f0c4-0000-7000-8000-0000000000e1',
              grantedAt: '2026-11-19T03:00:00.000Z',
              validFrom: '2026-11-19T03:00:00.000Z',
              validUntil: '2026-12-19T03:00:00.000Z',
              usedAt: null,
            },
          }),
        ),
      },
      'ADMIN',
    )
    renderConsole(PATH)
    await screen.findByLabelText('アカウントID')
    type('アカウントID', other)
    press('会員を確認する')
    await waitFor(() =>
      expect(errorOf('アカウントID')).toBe(
        'このアカウントIDの会員は見つかりませんでした。IDを確かめてください。',
      ),
    )
    type('アカウントID', ACCOUNT_ID)
    press('会員を確認する')
    expect(
      (await screen.findByText(/この会員には、2026\/11\/19 12:00にこのクーポンが届いています。/)).textContent,
    ).toContain('同じクーポンは1人1枚までです。')
    expect(screen.queryByRole('button', { name: 'この会員に配る' })).toBeNull()
    press('別の会員にする')
    expect(field('アカウントID').value).toBe('')
  })

  it('is for support and admins, and for an individual coupon that is out', async () => {
    stubContentApi({ [`GET ${ITEM}`]: answer(individual) }, 'EDITOR')
    renderConsole(PATH)
    expect(await screen.findByText('この画面は、サポート担当か管理者だけが使えます。')).toBeTruthy()
    cleanup()
    vi.unstubAllGlobals()
    stubContentApi({ [`GET ${ITEM}`]: answer(adminCoupon({ state: 'published' })) }, 'SUPPORT')
    renderConsole(PATH)
    expect(
      await screen.findByText('このクーポンは、対象の会員に自動で届きます。個別には配れません。'),
    ).toBeTruthy()
    expect(screen.queryByLabelText('アカウントID')).toBeNull()
  })
})
