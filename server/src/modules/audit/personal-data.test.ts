import { describe, expect, it } from 'vitest'
import { MASKED, maskPersonalData, maskPersonalTexts } from './personal-data'

describe('masking personal data in a recorded change', () => {
  it('masks personal fields at any depth and keeps everything else', () => {
    expect(
      maskPersonalData(
        {
          mailAddress: 'a@example.jp',
          role: 'support',
          guardians: [{ guardianName: '山田', relation: 'mother' }],
          profile: { nickname: 'もも', birthday: '2010-04-01', premium: true },
          count: 3,
        },
        'account',
      ),
    ).toEqual({
      mailAddress: MASKED,
      role: 'support',
      guardians: [{ guardianName: MASKED, relation: 'mother' }],
      profile: { nickname: MASKED, birthday: MASKED, premium: true },
      count: 3,
    })
  })

  it("masks a name and an address when the change is about a person, not a shop's", () => {
    const change = { name: '山田 花子', address: '渋谷区道玄坂1-2-3', mailAddress: 'h@example.jp' }
    expect(maskPersonalData(change, 'account')).toEqual({
      name: MASKED,
      address: MASKED,
      mailAddress: MASKED,
    })
    expect(maskPersonalData(change, 'school-application')).toMatchObject({ name: MASKED, address: MASKED })
    expect(maskPersonalData({ name: 'プリ館 渋谷店', address: '道玄坂1-2-3' }, 'shop')).toEqual({
      name: 'プリ館 渋谷店',
      address: '道玄坂1-2-3',
    })
  })

  it('keeps a missing value missing, and leaves plain values and null alone', () => {
    expect(maskPersonalData({ mailAddress: null, nickname: undefined }, 'account')).toEqual({
      mailAddress: null,
      nickname: undefined,
    })
    expect(maskPersonalData(null, 'account')).toBeNull()
    expect(maskPersonalData('text', 'account')).toBe('text')
  })

  it("masks what a person wrote about themselves in an inquiry, their addresses and seal IDs, not a shop's words", () => {
    const inquiry = {
      replyTo: 'h@example.jp',
      mailAddresses: ['h@example.jp', 'k@example.jp'],
      text: '山田花子です',
      sealIds: ['ABCDE12345'],
      checkedImage: { sealId: 'ABCDE12345', number: 2 },
      machine: 'プリ機A',
    }
    expect(maskPersonalData(inquiry, 'inquiry')).toEqual({
      replyTo: MASKED,
      mailAddresses: MASKED,
      text: MASKED,
      sealIds: MASKED,
      checkedImage: MASKED,
      machine: 'プリ機A',
    })
    expect(maskPersonalData({ text: 'お知らせ本文' }, 'news')).toEqual({ text: 'お知らせ本文' })
  })
})

describe('masking personal data in an answer of the console', () => {
  it('masks every text under a personal field and keeps the shape: lists as long, numbers as they are', () => {
    expect(
      maskPersonalTexts(
        {
          referenceNumber: 'PB261120-ABCD',
          replyTo: 'h@example.jp',
          draft: {
            mailAddresses: ['h@example.jp', 'k@example.jp'],
            checkedImage: { sealId: 'ABCDE12345', number: 2 },
            paymentPrice: 330,
          },
          replies: [{ text: '山田様', mailAddress: 'h@example.jp', subject: '受付番号 PB261120-ABCD' }],
          notes: [],
          assignee: { operatorId: 'o-1', operatorMailAddress: 'support@team.puribox.jp' },
          accountId: null,
        },
        'inquiry',
      ),
    ).toEqual({
      referenceNumber: 'PB261120-ABCD',
      replyTo: MASKED,
      draft: {
        mailAddresses: [MASKED, MASKED],
        checkedImage: { sealId: MASKED, number: 2 },
        paymentPrice: 330,
      },
      replies: [{ text: MASKED, mailAddress: MASKED, subject: '受付番号 PB261120-ABCD' }],
      notes: [],
      assignee: { operatorId: 'o-1', operatorMailAddress: 'support@team.puribox.jp' },
      accountId: null,
    })
  })
})
