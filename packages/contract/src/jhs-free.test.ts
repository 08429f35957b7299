import { describe, expect, it } from 'vitest'
import {
  certificateFileName,
  certificateFormatOf,
  jhsProfileProblem,
  juniorHighGradeOn,
  schoolYearOf,
} from './jhs-free'

const day = (text: string) => {
  const [year, month, dayOfMonth] = text.split('-').map(Number) as [number, number, number]
  return { year, month, day: dayOfMonth }
}

describe('junior-high grades', () => {
  it('starts a school year on 1 April', () => {
    expect(schoolYearOf(day('2026-03-31'))).toBe(2025)
    expect(schoolYearOf(day('2026-04-01'))).toBe(2026)
  })

  it('puts children born 2 April to 1 April of the next year in one grade', () => {
    // School year 2026: first graders were born 2013-04-02 … 2014-04-01.
    const on = day('2026-11-20')
    expect(juniorHighGradeOn(day('2013-04-02'), on)).toBe(1)
    expect(juniorHighGradeOn(day('2014-04-01'), on)).toBe(1)
    expect(juniorHighGradeOn(day('2013-04-01'), on)).toBe(2)
    expect(juniorHighGradeOn(day('2014-04-02'), on)).toBe(0)
    expect(juniorHighGradeOn(day('2011-04-02'), on)).toBe(3)
    expect(juniorHighGradeOn(day('2011-04-01'), on)).toBe(4)
  })

  it("moves up a grade on 1 April, the request's day (time travel) deciding", () => {
    const born = day('2013-06-15')
    expect(juniorHighGradeOn(born, day('2027-03-31'))).toBe(1)
    expect(juniorHighGradeOn(born, day('2027-04-01'))).toBe(2)
  })

  it('says which field is wrong, and the grade expected', () => {
    // 2026-11-20 12:00 in Japan.
    const now = new Date('2026-11-20T03:00:00Z')
    expect(jhsProfileProblem({ year: 2012, month: 9, day: 10 }, 2, now)).toBeNull()
    expect(jhsProfileProblem({ year: 2012, month: 9, day: 10 }, 1, now)).toEqual({
      field: 'grade',
      problem: 'GRADE_MISMATCH',
      expected: 2,
    })
    expect(jhsProfileProblem({ year: 2012, month: 2, day: 30 }, 2, now)).toEqual({
      field: 'birth',
      problem: 'NO_SUCH_DATE',
    })
    expect(jhsProfileProblem({ year: 2008, month: 5, day: 1 }, 3, now)).toEqual({
      field: 'birth',
      problem: 'NOT_JUNIOR_HIGH_AGE',
    })
  })
})

describe('certificate formats by content', () => {
  it('knows JPEG, PNG and HEIC by their first bytes', () => {
    expect(certificateFormatOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(certificateFormatOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    )
    const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic')])
    expect(certificateFormatOf(heic)).toBe('image/heic')
  })

  it('refuses anything else, a text file named .jpg included', () => {
    expect(certificateFormatOf(new TextEncoder().encode('hello, this is text'))).toBeNull()
    const mp4 = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypisom')])
    expect(certificateFormatOf(mp4)).toBeNull()
    expect(certificateFormatOf(new Uint8Array([0xff, 0xd8]))).toBeNull()
  })
})

describe('a certificate file name as it is kept', () => {
  it('drops what cannot be stored or shown, and keeps a name', () => {
    expect(certificateFileName('gakusei\u0000sho.jpg')).toBe('gakuseisho.jpg')
    expect(certificateFileName('\u0000')).toBe('image')
    expect(certificateFileName('  ')).toBe('image')
    // A right-to-left override would show "photo\u202egpj.exe" as if it ended in .jpg.
    expect(certificateFileName('photo\u202egpj.exe')).toBe('photogpj.exe')
    expect(certificateFileName('a\ud800b.png')).toBe('ab.png')
    // NFC, and at most 200 characters, never half of a surrogate pair.
    expect(certificateFileName('カ\u3099ード.png')).toBe('ガード.png')
    const long = certificateFileName('😀'.repeat(300))
    expect([...long]).toHaveLength(200)
    expect(long).toBe('😀'.repeat(200))
  })
})
