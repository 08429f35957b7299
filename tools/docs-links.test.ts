import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The links of a markdown text, for the docs' tests. Code is left out first (fenced blocks and
 * inline spans), because a link written there is an example, not a link.
 */
function markdownLinks(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`]*`/g, '')
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!)
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map(
    (match) => match[1]!,
  )
  return [...inline, ...references]
}

/** A link to a file of the repository: not to another site, a mail address or a place in the same page. */
function isRelativeLink(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//') && !target.startsWith('#')
}

const root = join(import.meta.dirname, '..')
const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file)),
]

describe('markdownLinks', () => {
  it('finds inline and reference links, and none inside code', () => {
    const text = [
      'See [the page](docs/a.md#part "title") and [b][ref].',
      '`[not](a-link.md)`',
      '```md',
      '[nor](this.md)',
      '```',
      '[ref]: ./b.md',
    ].join('\n')
    expect(markdownLinks(text)).toEqual(['docs/a.md#part', './b.md'])
  })

  it('tells links into the repository from the rest', () => {
    expect(
      ['a.md', '../b/', 'https://x.jp', 'mailto:a@b.jp', '#top', '//cdn.jp'].filter(isRelativeLink),
    ).toEqual(['a.md', '../b/'])
  })
})

describe('the docs', () => {
  it('are found: README.md and the markdown under docs/', () => {
    expect(files).toContain('README.md')
    expect(files).toContain(join('docs', 'architecture.md'))
  })

  it('link only to files and folders that exist', () => {
    const broken = files.flatMap((file) =>
      markdownLinks(readFileSync(join(root, file), 'utf8'))
        .filter(isRelativeLink)
        .filter((target) => {
          const path = decodeURIComponent(target.replace(/[?#].*$/, ''))
          return !existsSync(join(root, dirname(file), path))
        })
        .map((target) => `${file} → ${target}`),
    )
    expect(broken).toEqual([])
  })

  it('stay inside the repository', () => {
    const outside = files.flatMap((file) =>
      markdownLinks(readFileSync(join(root, file), 'utf8'))
        .filter(isRelativeLink)
        .filter((target) => relative(root, join(root, dirname(file), target)).startsWith('..'))
        .map((target) => `${file} → ${target}`),
    )
    expect(outside).toEqual([])
  })
})
