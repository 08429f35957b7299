import { createHash } from 'node:crypto'
import helmet from 'helmet'
import { describe, expect, it } from 'vitest'
import { headersSetBy, inlineHashes } from './security-headers'

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inlineHashes', () => {
  it('hashes inline scripts (in templates too) and styles, never external scripts or JSON data blocks', () => {
    const html =
      '<html><head><style>a{color:red}</style><script type="module" crossorigin src="/assets/app.js"></script>' +
      '<script type="application/json" id="early">{"plays":1}</script></head><body>' +
      '<template id="app"><script>startApp()</script></template>' +
      '<script>boot()</script><SCRIPT type="module">go()</SCRIPT><style media="print">b{}</style></body></html>'
    expect(inlineHashes(html)).toEqual({
      scripts: [hashSource('startApp()'), hashSource('boot()'), hashSource('go()')],
      styles: [hashSource('a{color:red}'), hashSource('b{}')],
    })
  })

  it('hashes the text as the browser reads it: line ends as LF, each element once', () => {
    expect(inlineHashes('<script>a()\r\nb()\rc()</script><script>a()\nb()\nc()</script>')).toEqual({
      scripts: [hashSource('a()\nb()\nc()')],
      styles: [],
    })
  })

  it('finds nothing in a page without inline elements', () => {
    expect(inlineHashes('<p>script</p><link rel="stylesheet" href="/x.css">')).toEqual({
      scripts: [],
      styles: [],
    })
  })
})

describe('headersSetBy', () => {
  it('records what Helmet sets, names in lower case as Fastify keeps them, and nothing it removes', () => {
    const headers = headersSetBy(
      helmet({ contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self'"] } } }),
    )
    expect(headers['content-security-policy']).toBe("default-src 'self'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true)
    expect(headers).not.toHaveProperty('x-powered-by')
    expect(Object.isFrozen(headers)).toBe(true)
  })
})
