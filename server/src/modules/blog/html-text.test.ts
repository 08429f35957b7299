import { describe, expect, it } from 'vitest'
import { cutText, htmlToText } from './html-text'

describe('htmlToText', () => {
  it('reads a WordPress title or excerpt as a person would', () => {
    expect(htmlToText('<p>冬限定フレーム&#8230;12月1日から [&hellip;]</p>\n')).toBe(
      '冬限定フレーム…12月1日から […]',
    )
    expect(htmlToText('A&amp;B &lt;3 &#x1F4F8;')).toBe('A&B <3 📸')
    expect(htmlToText('<p>one</p><p>two</p><br>three')).toBe('one two three')
  })

  it('lets no markup through: hidden elements go, broken tags stay text or go, never tags', () => {
    for (const [html, text] of [
      ['<script>alert(1)</script>ok', 'ok'],
      ['<style>p{}</style><p>ok</p>', 'ok'],
      ['<img src=x onerror=alert(1)>ok', 'ok'],
      ['<a href="javascript:alert(1)">link</a>', 'link'],
      ['&lt;script&gt;alert(1)&lt;/script&gt;', '<script>alert(1)</script>'],
      ['<svg><script>alert(1)</script></svg>ok', 'ok'],
      ['<p>unclosed <b>bold', 'unclosed bold'],
      ['a\u0000b\u202ec\u0007d', 'abcd'],
      ['  lots\n\tof   space  ', 'lots of space'],
      ['', ''],
    ]) {
      expect(htmlToText(html!), html).toBe(text)
    }
  })

  it('cuts by characters, not bytes or UTF-16 units, with an ellipsis', () => {
    expect(cutText('あいうえお', 5)).toBe('あいうえお')
    expect(cutText('あいうえおか', 5)).toBe('あいうえ…')
    expect(cutText('📸📸📸📸📸📸', 3)).toBe('📸📸…')
  })
})
