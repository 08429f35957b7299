import type { MarkdownProblem, MarkdownProblemCode } from '@puribox/contract/admin-information'
import type { Block, Inline } from '@puribox/contract/information'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { Lexer, type Token, type Tokens } from 'marked'

/**
 * An information page's body: Markdown as an operator writes it, read by a maintained parser
 * (marked's lexer, GitHub-flavoured: tables and bare links) and turned into the contract's blocks.
 * Only what a legal text needs goes through — headings (`##`, `###`), paragraphs, lists (one level),
 * tables, bold, links, line breaks — each as plain text; nothing is ever HTML. What is left out is
 * a `problem`: publishing refuses a body with any (`InformationService`), so a stored body has
 * none; reading still never lets one through (raw HTML and unsafe links become plain text, or go).
 */
export interface ParsedBody {
  blocks: Block[]
  /** What the body has that a page cannot show as written, in English, for the publisher. */
  problems: string[]
  /** The same, by kind and what it is about, for the console to say in Japanese. */
  issues: MarkdownProblem[]
}

const lexer = () => new Lexer({ gfm: true, breaks: false })

/** The address a link may have: a path of this site, an https:// address, or a mail address. */
export function safeHref(href: string): string | null {
  if (href.startsWith('/')) return sameOriginPath(href)
  if (/^mailto:[^\s@/?#:]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(href)) return href
  try {
    const url = new URL(href)
    if (url.protocol !== 'https:' || url.username || url.password) return null
    return url.href
  } catch {
    return null
  }
}

export function parseBody(markdown: string): ParsedBody {
  const problems: string[] = []
  const issues: MarkdownProblem[] = []
  const blocks: Block[] = []
  let headings = 0

  const problem = (code: MarkdownProblemCode, what: string, detail: string | null = null) => {
    if (problems.includes(what)) return
    problems.push(what)
    issues.push({ code, detail })
  }

  function inlines(tokens: readonly Token[] | undefined, into: Inline[] = []): Inline[] {
    for (const token of tokens ?? []) {
      switch (token.type) {
        case 'text':
        case 'escape':
        case 'codespan': {
          const text = token as Tokens.Text
          // A text token of a list item or a table cell holds the inline tokens inside it.
          if (text.tokens && text.tokens.length > 0) inlines(text.tokens, into)
          else pushText(into, 'text', text.text)
          break
        }
        case 'strong':
        case 'em':
        case 'del':
          // Bold as bold; italic and strike-through have no place in a legal text: plain.
          if (token.type !== 'strong')
            problem('emphasis', `${token.type} is not supported (only bold)`, token.raw)
          pushText(into, token.type === 'strong' ? 'strong' : 'text', plain(token.tokens))
          break
        case 'link': {
          const link = token as Tokens.Link
          const href = safeHref(link.href)
          const text = plain(link.tokens)
          if (href === null) {
            problem(
              'link',
              `a link to ${JSON.stringify(link.href)}: only paths of this site, https:// or mailto:`,
              link.href,
            )
            pushText(into, 'text', text)
          } else {
            into.push({ type: 'link', text, href })
          }
          break
        }
        case 'br':
          into.push({ type: 'break' })
          break
        case 'html':
          problem('html', 'raw HTML is not allowed')
          break
        case 'image':
          problem('image', 'images are not supported')
          break
        default:
          problem('unsupported', `${token.type} is not supported`, token.type)
          pushText(into, 'text', plain((token as Tokens.Generic).tokens) || token.raw)
      }
    }
    for (const inline of into) {
      // Emphasis that did not close (CommonMark does not close `**` between Japanese punctuation
      // and a letter) would show its asterisks.
      if ((inline.type === 'text' || inline.type === 'strong') && inline.text.includes('**')) {
        problem(
          'unclosed-bold',
          `unclosed bold near ${JSON.stringify(inline.text.slice(0, 40))}`,
          inline.text.slice(0, 40),
        )
      }
    }
    return into
  }

  function block(token: Token): void {
    switch (token.type) {
      case 'space':
        return
      case 'heading': {
        const heading = token as Tokens.Heading
        if (heading.depth !== 2 && heading.depth !== 3) {
          problem(
            'heading',
            `a level-${heading.depth} heading: the page's title is its only level 1; use ## and ###`,
            '#'.repeat(heading.depth),
          )
        }
        headings += 1
        blocks.push({
          type: 'heading',
          level: heading.depth <= 2 ? 2 : 3,
          id: `s${headings}`,
          content: inlines(heading.tokens),
        })
        return
      }
      case 'paragraph':
        blocks.push({ type: 'paragraph', content: inlines((token as Tokens.Paragraph).tokens) })
        return
      case 'list': {
        const list = token as Tokens.List
        const items = list.items.map((item) => {
          const content: Inline[] = []
          for (const part of item.tokens) {
            if (part.type === 'list') {
              problem('nested-list', 'lists inside lists are not supported')
              for (const inner of (part as Tokens.List).items) {
                content.push({ type: 'break' })
                inlines(inner.tokens, content)
              }
            } else if (part.type === 'paragraph' || part.type === 'text') {
              if (content.length > 0) content.push({ type: 'break' })
              inlines(part.type === 'paragraph' ? part.tokens : [part], content)
            } else if (part.type !== 'space') {
              problem('list-content', `${part.type} inside a list item is not supported`, part.type)
            }
          }
          return content
        })
        blocks.push({
          type: 'list',
          ordered: list.ordered,
          start: typeof list.start === 'number' ? list.start : 1,
          items,
        })
        return
      }
      case 'table': {
        const table = token as Tokens.Table
        blocks.push({
          type: 'table',
          head: table.header.map((cell) => inlines(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => inlines(cell.tokens))),
        })
        return
      }
      case 'html':
        problem('html', 'raw HTML is not allowed')
        return
      case 'hr':
        problem('rule', 'horizontal rules are not supported (use a heading)')
        return
      default: {
        // Quotes and code blocks: their text as paragraphs.
        problem('unsupported', `${token.type} is not supported`, token.type)
        const other = token as Tokens.Generic
        if (other.tokens && other.tokens.length > 0) {
          for (const inner of other.tokens) block(inner)
        } else if (typeof other.text === 'string' && other.text.trim() !== '') {
          blocks.push({ type: 'paragraph', content: [{ type: 'text', text: other.text }] })
        }
      }
    }
  }

  for (const token of lexer().lex(markdown)) block(token)
  return { blocks, problems, issues }
}

/** The text of inline tokens, without their marks. */
function plain(tokens: readonly Token[] | undefined): string {
  let text = ''
  for (const token of (tokens ?? []) as Tokens.Generic[]) {
    if (token.type === 'html' || token.type === 'image') continue
    if (token.type === 'br') text += '\n'
    else if (token.tokens && token.tokens.length > 0) text += plain(token.tokens)
    else if (typeof token.text === 'string') text += token.text
  }
  return text
}

/**
 * A line break inside a paragraph of the source is not one on the page: Japanese lines join as
 * they are, and a space joins a line ending and the next starting in Latin letters, as English would.
 */
function joinLines(text: string): string {
  return text.replace(/([^\n]?)\n([^\n]?)/g, (_, before: string, after: string) =>
    /[\x21-\x7e]/.test(before) && /[\x21-\x7e]/.test(after) ? `${before} ${after}` : `${before}${after}`,
  )
}

/** Appends text, joined to the text before it when of the same kind. */
function pushText(into: Inline[], type: 'text' | 'strong', raw: string): void {
  const text = joinLines(raw)
  if (text === '') return
  const last = into.at(-1)
  if (last && last.type === type) last.text += text
  else into.push({ type, text })
}
