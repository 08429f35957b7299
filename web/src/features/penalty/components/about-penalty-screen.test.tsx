// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { AboutPenaltyScreen } from './about-penalty-screen'

function memberWith(purigetPenalty: 'GREEN' | 'YELLOW' | 'RED', purigetPenaltyReason: string | null = null) {
  return {
    account: {
      id: 'a1',
      protected: false,
      canAddOn: false,
      snsPenalty: null,
      purigetPenalty,
      purigetPenaltyReason,
      official: false,
      mailAddress: 'hana@example.jp',
      registeredAt: '2026-01-01T00:00:00',
    },
    membershipStatus: 'MINI',
  }
}

function answerAccount(entity: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => wrapperResponse({ entity })),
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AboutPenaltyScreen', () => {
  it('explains YELLOW and RED, why, how long and what to do, with the inquiry link', async () => {
    answerAccount({ account: null, membershipStatus: 'GUEST' })
    renderWithProviders(<AboutPenaltyScreen />, { path: '/sp/common/aboutPenalty' })
    expect(screen.getByRole('heading', { level: 1, name: 'ペナルティについて' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'どうしてペナルティがあるの？' })).toBeTruthy()
    const levels = screen.getByRole('heading', { name: 'ペナルティの種類' }).closest('section')!
    expect(levels.textContent).toContain('1時間のあいだに、存在しないシールIDを10種類')
    expect(levels.textContent).toContain('24時間のあいだに存在しないシールIDを30種類')
    expect(levels.textContent).toContain(
      'ログイン中はアカウントごとに、ログインしていないときはスマホ（ブラウザ）ごとに',
    )
    expect(screen.getByText(/同じシールIDを何度入力し直しても、数えるのは1回だけです/)).toBeTruthy()
    expect(screen.getByText(/「あと2回まちがえると…」とお知らせします/)).toBeTruthy()
    expect(levels.textContent).toContain('運営が解除するまで')
    expect(screen.getByText(/シールに印刷されたシールID/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'お問い合わせする' }).getAttribute('href')).toBe(
      '/sp/common/inquiry#/input/penalty',
    )
    expect(screen.getByRole('link', { name: 'シールIDを入力する' }).getAttribute('href')).toBe(
      '/web/puri/form_seal_id',
    )
    expect(
      await screen.findByText('ログインすると、あなたのアカウントの状態がここに表示されます。'),
    ).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'あなたの今の状態' })).toBeNull()
  })

  it.each([
    ['GREEN', 'ペナルティなし', 'ペナルティはありません。'],
    ['YELLOW', 'イエロー', 'イエローです。イエローになってから1時間たつまで'],
    ['RED', 'レッド', 'レッドです。シールIDの入力を止めています。'],
  ] as const)('shows a member their own state (%s)', async (penalty, name, sentence) => {
    answerAccount(memberWith(penalty))
    renderWithProviders(<AboutPenaltyScreen />, { path: '/sp/common/aboutPenalty' })
    const status = (await screen.findByRole('heading', { name: 'あなたの今の状態' })).closest('section')!
    expect(within(status).getByText(name)).toBeTruthy()
    expect(status.textContent).toContain(sentence)
    expect(screen.queryByText('ログインすると、あなたのアカウントの状態がここに表示されます。')).toBeNull()
  })

  it('tells a RED member why, in PuriBox’s words', async () => {
    answerAccount(memberWith('RED', 'OTHERS_PURI'))
    renderWithProviders(<AboutPenaltyScreen />, { path: '/sp/common/aboutPenalty' })
    const status = (await screen.findByRole('heading', { name: 'あなたの今の状態' })).closest('section')!
    expect(status.textContent).toContain(
      '理由ほかの人のシールIDを使って、自分が写っていないプリを取得していると判断しました。',
    )
  })
})
