import { describe, expect, it } from 'vitest'
import { fill } from './fill'

describe('fill', () => {
  it('puts each value in place of its placeholder, numbers as written, every occurrence', () => {
    expect(fill('{{yen}} yen a month, {{ days }} days, {{yen}} again', { yen: 330, days: 31 })).toBe(
      '330 yen a month, 31 days, 330 again',
    )
  })

  it('leaves a placeholder without a value visible, so a forgotten value can be seen', () => {
    expect(fill('code {{code}} until {{until}}', { code: '042917' })).toBe('code 042917 until {{until}}')
  })

  it('reads only the values given, not what every object inherits', () => {
    expect(fill('{{toString}} {{constructor}}', {})).toBe('{{toString}} {{constructor}}')
  })

  it('puts a value in as it is, even when it looks like a placeholder or a replacement pattern', () => {
    expect(fill('{{a}} {{b}}', { a: '{{b}}', b: '$& $1' })).toBe('{{b}} $& $1')
  })
})
