import { describe, expect, it } from 'vitest'
import { MASKED, maskPersonalData } from './personal-data'

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
})
