import { describe, expect, it } from 'vitest'
import { MASKED, maskPersonalData } from './personal-data'

describe('masking personal data in a recorded change', () => {
  it('masks personal fields at any depth and keeps everything else', () => {
    expect(
      maskPersonalData({
        mailAddress: 'a@example.jp',
        role: 'support',
        guardians: [{ guardianName: '山田', relation: 'mother' }],
        profile: { nickname: 'もも', birthday: '2010-04-01', premium: true },
        count: 3,
      }),
    ).toEqual({
      mailAddress: MASKED,
      role: 'support',
      guardians: [{ guardianName: MASKED, relation: 'mother' }],
      profile: { nickname: MASKED, birthday: MASKED, premium: true },
      count: 3,
    })
  })

  it('keeps a missing value missing, and leaves plain values and null alone', () => {
    expect(maskPersonalData({ mailAddress: null, nickname: undefined })).toEqual({
      mailAddress: null,
      nickname: undefined,
    })
    expect(maskPersonalData(null)).toBeNull()
    expect(maskPersonalData('text')).toBe('text')
  })
})
