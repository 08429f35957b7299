import { describe, expect, it } from 'vitest'
import { mypageSavePath, previewPath, signUpFrom, sourceOf } from './seal-paths'

describe('seal paths and where the person came from (decision 0043)', () => {
  it('reads from= as a source: known ones as themselves, anything else as other, none as null', () => {
    expect(sourceOf('sealId=X&from=qr')).toBe('qr')
    expect(sourceOf('?from=inputSealId')).toBe('inputSealId')
    expect(sourceOf('from=%3Cscript%3E')).toBe('other')
    expect(sourceOf('from=')).toBe('other')
    expect(sourceOf('sealId=X')).toBeNull()
  })

  it('puts from on the preview and saving addresses only when there is one', () => {
    expect(previewPath('ABCDE12345')).toBe('/web/preview?sealId=ABCDE12345')
    expect(previewPath('ABCDE12345', 'qr')).toBe('/web/preview?sealId=ABCDE12345&from=qr')
    expect(mypageSavePath('ABCDE12345', { from: 'qr', registered: true })).toBe(
      '/web/mypage?sealId=ABCDE12345&from=qr&registered=1',
    )
    expect(mypageSavePath('ABCDE12345', { from: null })).toBe('/web/mypage?sealId=ABCDE12345')
  })

  it('signs up from a seal page on to saving it, keeping a QR code’s from; typed when the page does not say', () => {
    const next = (href: string) => new URL(href, 'https://puribox.test').searchParams.get('next')
    expect(next(signUpFrom('/web/preview', 'sealId=ABCDE12345&from=qr'))).toBe(
      '/web/mypage?sealId=ABCDE12345&from=qr',
    )
    expect(next(signUpFrom('/sp/puri/get', 'sealId=ABCDE12345&from=qr'))).toBe(
      '/web/mypage?sealId=ABCDE12345&from=qr',
    )
    expect(next(signUpFrom('/web/preview', 'sealId=ABCDE12345'))).toBe(
      '/web/mypage?sealId=ABCDE12345&from=inputSealId',
    )
    expect(next(signUpFrom('/sp/puri_news', 'from=top'))).toBe('/sp/puri_news?from=top')
  })
})
