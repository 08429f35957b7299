import { describe, expect, it } from 'vitest'
import { machinePath, shopPath } from '../booths/booth-paths'
import { memberPath } from '../members/member-paths'
import { boothMachinePath, boothShopPath, memberPagePath, sealIdOf, sealPath } from './seal-paths'

describe("the seals area's addresses", () => {
  it('reads a seal ID as members type it, and nothing else', () => {
    expect(sealIdOf('abcde-12345')).toBe('ABCDE12345')
    expect(sealIdOf('ＡＢＣＤＥ　１２３４５')).toBe('ABCDE12345')
    expect(sealIdOf('ABCDE 1234O')).toBe('ABCDE12340')
    expect(sealIdOf('ABCDE-1234U')).toBeNull()
    expect(sealIdOf('ABCDE/12345')).toBeNull()
    expect(sealIdOf('')).toBeNull()
    expect(sealPath('ABCDE12345')).toBe('/admin/seals/ABCDE12345')
  })

  it("addresses the booths' and members' screens as those areas do", () => {
    expect(boothMachinePath('m-1/2')).toBe(machinePath('m-1/2'))
    expect(boothShopPath('0192f0c4-0000-7000-8000-000000000001')).toBe(
      shopPath('0192f0c4-0000-7000-8000-000000000001'),
    )
    expect(memberPagePath('0192f0c4-0000-7000-8000-00000000acc1')).toBe(
      memberPath('0192f0c4-0000-7000-8000-00000000acc1'),
    )
  })
})
