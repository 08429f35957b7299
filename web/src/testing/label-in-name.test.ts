// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { labelInNameMisfits } from './label-in-name'

afterEach(() => {
  document.body.innerHTML = ''
})

function misfitsOf(html: string) {
  document.body.innerHTML = html
  return labelInNameMisfits(document.body)
}

describe('labelInNameMisfits', () => {
  it('finds a control whose aria-label leaves out the words it shows', () => {
    expect(
      misfitsOf(
        '<a href="/m" aria-label="マイページ（未保存のプリが3枚あります）">マイページ<span aria-hidden="true">3</span></a>',
      ),
    ).toEqual(['a shows "マイページ3", named "マイページ（未保存のプリが3枚あります）"'])
  })

  it('accepts a name that starts with the words shown, text kept for screen readers, and an icon with a label', () => {
    expect(
      misfitsOf(
        [
          '<a href="/m">マイページ<span>3</span><span class="visually-hidden">枚の未保存のプリ</span></a>',
          '<button aria-label="解約手続きへ進む">解約手続きへ</button>',
          '<button aria-label="閉じる"><span aria-hidden="true">×</span></button>',
          '<button><img alt="1枚目を大きく見る" src="/a.jpg"></button>',
        ].join(''),
      ),
    ).toEqual([])
  })
})
