import type { HelpBlock } from '@puribox/contract/help'
import { describe, expect, it } from 'vitest'
import { helpBodyText, readHelpBody } from './help-body'

const every: HelpBlock[] = [
  { type: 'text', text: 'シールのふちに印刷されています。' },
  { type: 'note', text: 'SNSにのせないでください。' },
  { type: 'steps', items: ['トップを開く', 'IDを入力する'] },
  { type: 'list', items: ['ハイフンはなくても大丈夫', '大文字でも小文字でも'] },
  { type: 'list', items: ['別の箇条書き'] },
  { type: 'link', label: 'シールIDを入力する', href: '/sp/top/photo_get' },
]

describe("an answer's body as typed", () => {
  it('is written one block a line, and read back the same', () => {
    const text = helpBodyText(every)
    expect(text).toBe(
      [
        'シールのふちに印刷されています。',
        '注意：SNSにのせないでください。',
        '1. トップを開く\n2. IDを入力する',
        '・ハイフンはなくても大丈夫\n・大文字でも小文字でも',
        '・別の箇条書き',
        '[シールIDを入力する](/sp/top/photo_get)',
      ].join('\n\n'),
    )
    expect(readHelpBody(text)).toEqual({ blocks: every })
  })

  it('reads what people type: full-width marks, spaces, CRLF, and lines without blank lines between', () => {
    expect(readHelpBody('  一つめ \r\n二つめ\n１．開く\n2.押す\n注意: 大事\n･ひとつ')).toEqual({
      blocks: [
        { type: 'text', text: '一つめ' },
        { type: 'text', text: '二つめ' },
        { type: 'steps', items: ['開く', '押す'] },
        { type: 'note', text: '大事' },
        { type: 'list', items: ['ひとつ'] },
      ],
    })
  })

  it.each([
    ['', '答えを入力してください。'],
    ['\n  \n', '答えを入力してください。'],
    ['ひとつ\n・', '答えの2行目の項目が空です。「・」や「1.」の後に、文を入力してください。'],
    ['注意：', '答えの1行目の注意書きが空です。「注意：」の後に、文を入力してください。'],
    ['あ\u0007い', '答えの1行目に、使えない制御文字が含まれています。'],
    ['あ'.repeat(2001), '答えの1行目が長すぎます。1行2000文字以内にしてください。'],
    [
      '[外のサイト](https://evil.example/)',
      '答えの1行目のボタンの移動先は、このサイトのページのアドレス（/ で始まるもの。例: /web/common/help/top/index）にしてください。',
    ],
    ['[](/sp/top)', '答えの1行目のボタンの文字が空です。[ボタンの文字](/web/...) の形で入力してください。'],
    [
      Array.from({ length: 21 }, (_, index) => `・${index}`).join('\n'),
      '答えの21行目で、箇条書きか手順が20項目を超えています。空行で2つに分けてください。',
    ],
    [
      Array.from({ length: 31 }, (_, index) => `段落${index}`).join('\n'),
      '答えの段落・箇条書き・ボタンは、合わせて30個までにしてください（いまは31個です）。',
    ],
  ])('tells what is wrong with %j in Japanese, by its line', (text, error) => {
    expect(readHelpBody(text)).toEqual({ error })
  })
})
