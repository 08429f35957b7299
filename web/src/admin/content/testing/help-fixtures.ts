import type { AdminHelp, AdminHelpAnswer, AdminHelpCategory } from '@puribox/contract/admin-help'

/** The help routes as the tests stub them. */
export const HELP_API = '/admin/api/help'

export function helpAnswer(overrides: Partial<AdminHelpAnswer> = {}): AdminHelpAnswer {
  return {
    id: 'seal-id-where',
    categoryId: 'seal-id',
    position: 0,
    question: 'シールIDはどこに書いてありますか？',
    body: [
      { type: 'text', text: 'シールのふちに、英数字10文字が印刷されています。' },
      { type: 'note', text: 'シールIDは、一緒に撮った人だけが知っている大切なIDです。' },
      { type: 'link', label: 'シールIDを入力する', href: '/sp/top/photo_get' },
    ],
    keywords: ['ばんごう', '番号'],
    related: ['seal-id-input'],
    featured: true,
    operatorEditedAt: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  }
}

export const whereAnswer = helpAnswer()
export const inputAnswer = helpAnswer({
  id: 'seal-id-input',
  position: 1,
  question: 'シールIDの入力のしかたは？',
  body: [
    { type: 'steps', items: ['トップを開く', 'シールIDを入力する', '「さがす」を押す'] },
    { type: 'list', items: ['ハイフンはなくてもかまいません'] },
  ],
  keywords: [],
  related: [],
  featured: false,
  // 10:00 in Japan on the tests' day.
  operatorEditedAt: '2026-11-20T01:00:00.000Z',
})
export const expiryAnswer = helpAnswer({
  id: 'seal-id-expiry',
  position: 2,
  question: 'シールの保存期限はありますか？',
  body: [{ type: 'text', text: '撮影から45日です。' }],
  keywords: [],
  related: [],
  featured: false,
})
export const premiumAnswer = helpAnswer({
  id: 'premium-price',
  categoryId: 'premium',
  position: 0,
  question: 'プレミアム会員の料金は？',
  body: [{ type: 'text', text: '月額330円（税込）です。' }],
  keywords: [],
  related: [],
  featured: false,
})

export function helpCategory(overrides: Partial<AdminHelpCategory> = {}): AdminHelpCategory {
  return {
    id: 'seal-id',
    position: 0,
    title: 'シールIDについて',
    lead: 'シールIDの場所や入力のしかたについて。',
    operatorEditedAt: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
    answers: [whereAnswer, inputAnswer, expiryAnswer],
    ...overrides,
  }
}

export function adminHelp(overrides: Partial<AdminHelp> = {}): AdminHelp {
  return {
    categories: [
      helpCategory(),
      helpCategory({
        id: 'premium',
        position: 1,
        title: 'プレミアム会員について',
        lead: '料金や支払いについて。',
        answers: [premiumAnswer],
      }),
    ],
    removed: [
      {
        id: 'seal-id-old',
        categoryId: 'seal-id',
        question: '古いシールは使えますか？',
        removedAt: '2026-11-19T03:00:00.000Z',
      },
    ],
    ...overrides,
  }
}
