import { describe, expect, it } from 'vitest'
import { contentLinkUrl, httpsAddress, isOffSite } from './content-links'

describe('content links', () => {
  it.each([
    ['https://example.com/q?x=1', 'https://example.com/q?x=1'],
    ['HTTPS://Example.com', 'https://example.com/'],
    ['http://example.com', null],
    ['https://user:pass@example.com/', null],
    ['https:example.com', null],
    ['https://', null],
    ['javascript:alert(1)//https://x', null],
    [' https://example.com', null],
    ['https://exa\nmple.com', null],
    ['https://example.com/a b', null],
    ['https://example.com\\@evil.example', null],
  ])('an https: address: %j → %j', (value, expected) => {
    expect(httpsAddress(value)).toBe(expected)
  })

  it.each([
    ['/web/payment', '/web/payment'],
    ['/sp/puri_news?from=banner#/all', '/sp/puri_news?from=banner#/all'],
    ['https://example.com/', 'https://example.com/'],
    ['//evil.example/x', null],
    ['/\\evil.example/x', null],
    ['/\t/evil.example', null],
    ['sp/top', null],
    ['#top', null],
    ['', null],
    ['mailto:a@example.com', null],
    ['data:text/html,hi', null],
    ['JaVaScRiPt:alert(1)', null],
    ['vbscript:msgbox(1)', null],
  ])('a link: %j → %j', (value, expected) => {
    expect(contentLinkUrl(value)).toBe(expected)
  })

  it('tells a link to another site from a path of this one', () => {
    expect(isOffSite('https://example.com/')).toBe(true)
    expect(isOffSite('/sp/top/menu')).toBe(false)
  })
})
