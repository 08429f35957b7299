import { describe, expect, it } from 'vitest'
import { takeNoise } from './fail-on-noise'

describe('the noise guard', () => {
  it('hears a console.error of the running test, with its arguments formatted', () => {
    console.error('the screen failed: %s', 'seal', { code: 'X' })
    expect(takeNoise()).toEqual([`console.error: the screen failed: seal { code: 'X' }`])
  })

  it('starts each test with nothing heard', () => {
    expect(takeNoise()).toEqual([])
  })
})
