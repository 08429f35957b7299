import { describe, expect, it } from 'vitest'
import { parseBody, safeHref } from './markdown'

describe('parseBody', () => {
  it('turns headings, paragraphs, lists and tables into blocks of plain text', () => {
    const { blocks, problems } = parseBody(
      [
        '## 第1条（目的）',
        '',
        'この規約は、**大切な**ことを定めます。[ヘルプ](/web/common/help/top/index)もご覧ください。',
        '',
        '### 1. 取得する情報',
        '',
        '1. 一つ目',
        '2. 二つ目',
        '',
        '- あ',
        '- い',
        '',
        '4. 四つ目',
        '',
        '| 事業者 | 目的 |',
        '| --- | --- |',
        '| Google LLC | **アクセス解析** |',
      ].join('\n'),
    )
    expect(problems).toEqual([])
    expect(blocks).toEqual([
      { type: 'heading', level: 2, id: 's1', content: [{ type: 'text', text: '第1条（目的）' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'この規約は、' },
          { type: 'strong', text: '大切な' },
          { type: 'text', text: 'ことを定めます。' },
          { type: 'link', text: 'ヘルプ', href: '/web/common/help/top/index' },
          { type: 'text', text: 'もご覧ください。' },
        ],
      },
      { type: 'heading', level: 3, id: 's2', content: [{ type: 'text', text: '1. 取得する情報' }] },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [[{ type: 'text', text: '一つ目' }], [{ type: 'text', text: '二つ目' }]],
      },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[{ type: 'text', text: 'あ' }], [{ type: 'text', text: 'い' }]],
      },
      // An article's numbering goes on after a list of its items.
      { type: 'list', ordered: true, start: 4, items: [[{ type: 'text', text: '四つ目' }]] },
      {
        type: 'table',
        head: [[{ type: 'text', text: '事業者' }], [{ type: 'text', text: '目的' }]],
        rows: [[[{ type: 'text', text: 'Google LLC' }], [{ type: 'strong', text: 'アクセス解析' }]]],
      },
    ])
  })

  it('joins the lines of a paragraph as Japanese does (no space), and Latin words with a space', () => {
    const { blocks } = parseBody('一行目の文が\n続きます。PuriBox\nservice\nです。  \n改行のあと')
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: '一行目の文が続きます。PuriBox serviceです。' },
          { type: 'break' },
          { type: 'text', text: '改行のあと' },
        ],
      },
    ])
  })

  it('links bare https addresses and mail addresses', () => {
    const { blocks, problems } = parseBody(
      'くわしくは https://policies.google.com/privacy?hl=ja へ。メール（support@puribox.jp）',
    )
    expect(problems).toEqual([])
    expect(blocks[0]).toMatchObject({
      content: expect.arrayContaining([
        {
          type: 'link',
          text: 'https://policies.google.com/privacy?hl=ja',
          href: 'https://policies.google.com/privacy?hl=ja',
        },
        { type: 'link', text: 'support@puribox.jp', href: 'mailto:support@puribox.jp' },
      ]),
    })
  })

  it.each([
    ['<script>alert(1)</script>', 'raw HTML is not allowed'],
    ['はい<img src=x onerror=alert(1)>です', 'raw HTML is not allowed'],
    ['<div onclick="alert(1)">押して</div>', 'raw HTML is not allowed'],
    ['[押して](javascript:alert(1))', 'a link to "javascript:alert(1)"'],
    ['[押して](JaVaScRiPt:alert(1))', 'a link to "JaVaScRiPt:alert(1)"'],
    ['[押して](data:text/html,<script>alert(1)</script>)', 'a link to "data:text/html'],
    ['[押して](http://example.com/)', 'a link to "http://example.com/"'],
    ['[押して](//evil.example/)', 'a link to "//evil.example/"'],
    ['[押して](/\\evil.example/)', 'a link to "/\\\\evil.example/"'],
    ['[押して](vbscript:msgbox)', 'a link to "vbscript:msgbox"'],
    ['![画像](https://evil.example/x.png)', 'images are not supported'],
    ['# 二つ目のタイトル', 'a level-1 heading'],
    ['1. 項\n   - 号', 'lists inside lists are not supported'],
    ['**「同意する」**を押します', 'unclosed bold'],
    ['> 引用', 'blockquote is not supported'],
    ['```\ncode\n```', 'code is not supported'],
    ['---', 'horizontal rules are not supported'],
  ])('names what it cannot show as written: %j', (markdown, problem) => {
    const { blocks, problems } = parseBody(markdown)
    expect(problems.join('\n')).toContain(problem)
    // Whatever it is, nothing on the way out is markup: no link but a safe one, no tag.
    const out = JSON.stringify(blocks)
    expect(out).not.toMatch(/<script|<img|<div|onerror|onclick/i)
    for (const link of out.matchAll(/"href":"([^"]*)"/g)) expect(safeHref(link[1]!)).toBe(link[1])
  })

  it('keeps the text of a link it refuses, as text', () => {
    const { blocks } = parseBody('[ここを押す](javascript:alert(1))')
    expect(blocks).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: 'ここを押す' }] }])
  })

  it('answers no blocks for an empty body', () => {
    expect(parseBody('')).toEqual({ blocks: [], problems: [], issues: [] })
    expect(parseBody('\n\n   \n')).toEqual({ blocks: [], problems: [], issues: [] })
  })

  it.each([
    ['<script>alert(1)</script>', { code: 'html', detail: null }],
    ['![画像](https://evil.example/x.png)', { code: 'image', detail: null }],
    ['*斜体*です', { code: 'emphasis', detail: '*斜体*' }],
    ['[押して](javascript:alert(1))', { code: 'link', detail: 'javascript:alert(1)' }],
    ['# 二つ目のタイトル', { code: 'heading', detail: '#' }],
    ['1. 項\n   - 号', { code: 'nested-list', detail: null }],
    ['**「同意する」**を押します', { code: 'unclosed-bold', detail: '**「同意する」**を押します' }],
    ['> 引用', { code: 'unsupported', detail: 'blockquote' }],
    ['---', { code: 'rule', detail: null }],
  ])('names each problem by its kind for the console, with what it is about: %j', (markdown, issue) => {
    const { problems, issues } = parseBody(markdown)
    expect(issues).toContainEqual(issue)
    expect(issues).toHaveLength(problems.length)
  })
})

describe('safeHref', () => {
  it.each([
    ['/web/common/information/terms', '/web/common/information/terms'],
    [
      '/web/common/information/privacyPolicy?version=2026-04-01',
      '/web/common/information/privacyPolicy?version=2026-04-01',
    ],
    ['https://tools.google.com/dlpage/gaoptout?hl=ja', 'https://tools.google.com/dlpage/gaoptout?hl=ja'],
    ['mailto:support@puribox.jp', 'mailto:support@puribox.jp'],
  ])('lets %j through', (href, expected) => {
    expect(safeHref(href)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'http://example.com/',
    'https://user:pass@example.com/',
    '//evil.example/',
    '/\\evil.example',
    '/ /x',
    'mailto:a@b.c?subject=x',
    'mailto:support@puribox.jp,other@evil.example',
    'ftp://example.com/',
    '',
  ])('refuses %j', (href) => {
    expect(safeHref(href)).toBeNull()
  })
})
