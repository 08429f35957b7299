import { NATIVE_APP_UA_MARKER as contractUaMarker } from '@puribox/contract/access'
import { api, links as contractLinks, pages as contractPages } from '@puribox/contract/routes'
import { isRegularPuri as contractIsRegularPuri } from '@puribox/contract/seals'
import { describe, expect, it } from 'vitest'
import { apiRoutes, isRegularPuri, links, NATIVE_APP_UA_MARKER, pages } from './contract-lite'

describe('contract-lite mirrors the contract', () => {
  it('has the same pages and links', () => {
    expect(pages).toEqual(contractPages)
    expect(links).toEqual(contractLinks)
    expect(NATIVE_APP_UA_MARKER).toBe(contractUaMarker)
  })

  it('has the method and path of every API route', () => {
    const expected = Object.fromEntries(
      Object.entries(api).map(([key, route]) => [key, { method: route.method, path: route.path }]),
    )
    expect(apiRoutes).toEqual(expected)
  })

  it('classifies puris like the contract', () => {
    for (const isRawPuri of [true, false]) {
      for (const isProofSample of [true, false]) {
        const puri = { rakugaki: { isRawPuri, rawPuriImageNumber: null }, isProofSample }
        expect(isRegularPuri(puri)).toBe(contractIsRegularPuri(puri))
      }
    }
  })
})
