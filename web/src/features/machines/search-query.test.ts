import { describe, expect, it } from 'vitest'
import { hasConditions, readSearchQuery } from './search-query'

describe('the search in the address', () => {
  it('reads every condition', () => {
    const query = readSearchQuery(
      `?prefecture=13&city=${encodeURIComponent('渋谷区')}&keyword=ぷり&modelId=milky-girl&page=3`,
    )
    expect(query).toEqual({ prefecture: 13, city: '渋谷区', keyword: 'ぷり', modelId: 'milky-girl', page: 3 })
    expect(hasConditions(query)).toBe(true)
  })

  it('reads a position only as two numbers, rounded', () => {
    expect(readSearchQuery('?lat=35.658412&lng=139.70161')).toMatchObject({ lat: 35.658, lng: 139.702 })
    expect(readSearchQuery('?lat=35.6')).toEqual({ page: 1 })
    expect(readSearchQuery('?lat=abc&lng=139.7')).toEqual({ page: 1 })
  })

  it('leaves out what it cannot read, so an odd address shows the form, never an error', () => {
    const odd = readSearchQuery(
      `?prefecture=99&city=x&page=-1&keyword=${'あ'.repeat(500)}&lat=Infinity&lng=1e999&modelId=%20`,
    )
    // A city without its prefecture means nothing; a long keyword is cut to the limit.
    expect(odd).toEqual({ page: 1, keyword: 'あ'.repeat(50) })
    expect(readSearchQuery('')).toEqual({ page: 1 })
    expect(hasConditions(readSearchQuery(''))).toBe(false)
    expect(readSearchQuery('?page=99999')).toEqual({ page: 1 })
  })
})
