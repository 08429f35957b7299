import type { CertificateUpload } from '@puribox/contract/jhs-free'
import { describe, expect, it } from 'vitest'
import { EMPTY_DRAFT } from './jhs-draft'
import { checkJhsDraft } from './jhs-form-rules'

// 2026-11-20 in Japan: school year 2026, second graders born 2012-04-02 … 2013-04-01.
const NOW = new Date('2026-11-20T03:00:00Z')
const DRAFT = {
  ...EMPTY_DRAFT,
  familyName: ' 山田 ',
  givenName: '花子',
  birthYear: '2012',
  birthMonth: '9',
  birthDay: '10',
  mailAddress: 'hanako@example.jp',
  grade: '2',
  kindDocument: 'PASSPORT',
}

const upload = (slot: CertificateUpload['slot'], state: CertificateUpload['state'] = 'COMPLETE') => ({
  id: `id-${slot}`,
  slot,
  fileName: `${slot}.jpg`,
  byteSize: 100,
  offset: state === 'COMPLETE' ? 100 : 40,
  state,
  contentType: state === 'COMPLETE' ? ('image/jpeg' as const) : null,
  createdAt: '2026-11-20T12:00:00',
})
const ALL = {
  kind: upload('kind'),
  insurance: upload('insurance'),
  schoolFront: upload('schoolFront'),
  schoolBack: upload('schoolBack'),
}

describe('the junior-high form, checked as the server will', () => {
  it('answers the body with the names trimmed and the four uploads', () => {
    expect(checkJhsDraft(DRAFT, ALL, NOW)).toEqual({
      body: {
        familyName: '山田',
        givenName: '花子',
        birthYear: 2012,
        birthMonth: 9,
        birthDay: 10,
        mailAddress: 'hanako@example.jp',
        grade: 2,
        kindDocument: 'PASSPORT',
        certificates: {
          kind: 'id-kind',
          insurance: 'id-insurance',
          schoolFront: 'id-schoolFront',
          schoolBack: 'id-schoolBack',
        },
      },
    })
  })

  it('tells the grade a child born then is in, and a birth date outside junior high', () => {
    const wrongGrade = checkJhsDraft({ ...DRAFT, grade: '1' }, ALL, NOW)
    expect(wrongGrade).toEqual({ errors: { grade: expect.stringContaining('中学2年生') } })
    const tooYoung = checkJhsDraft({ ...DRAFT, birthYear: '2015' }, ALL, NOW)
    expect(tooYoung).toEqual({ errors: { birth: expect.stringContaining('中学生ではない') } })
  })

  it('waits for pictures still on their way, and asks for the missing ones', () => {
    const result = checkJhsDraft(
      DRAFT,
      { ...ALL, kind: 'sending', insurance: upload('insurance', 'UPLOADING'), schoolBack: undefined },
      NOW,
    )
    expect(result).toEqual({
      errors: {
        kind: expect.stringContaining('送っている途中'),
        insurance: expect.stringContaining('写真を送って'),
        schoolBack: expect.stringContaining('写真を送って'),
      },
    })
  })

  it('asks for every empty field', () => {
    const result = checkJhsDraft(EMPTY_DRAFT, {}, NOW)
    expect('errors' in result && Object.keys(result.errors)).toEqual([
      'familyName',
      'givenName',
      'mailAddress',
      'grade',
      'kindDocument',
      'birth',
      'kind',
      'insurance',
      'schoolFront',
      'schoolBack',
    ])
  })
})
