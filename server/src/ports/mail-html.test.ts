import { describe, expect, it } from 'vitest'
import { MAIL_LOGO_CID, mailHtml } from './mail-html'

describe("a mail's HTML part", () => {
  it('is the plain text, escaped, its web addresses links, under the logo', () => {
    const html = mailHtml(
      'こんにちは <b>"太郎"</b> & \'花子\'\n　https://puribox.jp/sp/top/menu?a=1&b=2 まで',
      true,
    )
    expect(html).toContain(`<img src="cid:${MAIL_LOGO_CID}" alt="PuriBox"`)
    expect(html).toContain('こんにちは &lt;b&gt;&quot;太郎&quot;&lt;/b&gt; &amp; &#39;花子&#39;\n　')
    expect(html).toContain(
      '<a href="https://puribox.jp/sp/top/menu?a=1&amp;b=2" style="color:#c8006f">https://puribox.jp/sp/top/menu?a=1&amp;b=2</a> まで',
    )
    expect(html).not.toContain('<b>')
  })

  it('cannot be made to close a link or open a tag by what someone typed', () => {
    const html = mailHtml('https://evil.example/"><script>alert(1)</script> javascript:alert(1)', false)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('href="javascript:')
    expect(html).toContain('<a href="https://evil.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(html).not.toContain('<img')
  })
})
