import type { Block, Inline } from '@puribox/contract/information'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { AppLink } from '../../../components/app-link'
import '../../../components/document-body.css'
import { t } from '../i18n'

/** The anchor of a heading on the page (the server numbers them `s1`, `s2`, …). */
export const headingAnchor = (id: string) => `doc-${id}`

/** The text of inlines without their marks (a table's column name, for the stacked layout). */
function plainText(inlines: readonly Inline[]): string {
  return inlines.map((inline) => (inline.type === 'break' ? ' ' : inline.text)).join('')
}

/**
 * A link of a document. The server lets through only safe addresses; they are checked again here,
 * so that nothing but a path of this site, an https:// address or a mail address is ever a link.
 */
function DocumentLink({ text, href }: { text: string; href: string }) {
  if (href.startsWith('/')) {
    const path = sameOriginPath(href)
    return path === null ? text : <AppLink href={path}>{text}</AppLink>
  }
  if (href.startsWith('mailto:')) return <a href={href}>{text}</a>
  if (href.startsWith('https://')) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
        <span className="visually-hidden">{t('information.opensInNewTab')}</span>
      </a>
    )
  }
  return text
}

function InlineNode({ inline }: { inline: Inline }) {
  switch (inline.type) {
    case 'text':
      return inline.text
    case 'strong':
      return <strong>{inline.text}</strong>
    case 'link':
      return <DocumentLink text={inline.text} href={inline.href} />
    case 'break':
      return <br />
  }
}

function Inlines({ content }: { content: readonly Inline[] }) {
  return (
    <>
      {content.map((inline, index) => (
        // A published text never changes: an inline's place is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <InlineNode key={index} inline={inline} />
      ))}
    </>
  )
}

/**
 * A table. On a narrow screen each row stacks into a card, every cell under its column's name
 * (`data-label`, shown by the stylesheet), so that nothing is wider than the phone.
 */
// biome-ignore-start lint/a11y/noRedundantRoles: a table the stylesheet displays as blocks loses its
// table semantics in some browsers (Safari); the roles keep them.
function DocumentTable({ block }: { block: Extract<Block, { type: 'table' }> }) {
  const labels = block.head.map(plainText)
  return (
    <div className="doc-table">
      <table role="table">
        <thead role="rowgroup">
          <tr role="row">
            {block.head.map((cell, index) => (
              <th key={labels[index]} scope="col" role="columnheader">
                <Inlines content={cell} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {block.rows.map((row, rowIndex) => (
            // Rows have no identity but their place; the document never reorders them.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={rowIndex} role="row">
              {row.map((cell, index) => (
                <td key={labels[index] ?? index} data-label={labels[index]} role="cell">
                  <Inlines content={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
// biome-ignore-end lint/a11y/noRedundantRoles: see above

function DocumentBlock({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading': {
      const Heading = block.level === 2 ? 'h2' : 'h3'
      return (
        <Heading id={headingAnchor(block.id)} className={`doc__h${block.level}`}>
          <Inlines content={block.content} />
        </Heading>
      )
    }
    case 'paragraph':
      return (
        <p>
          <Inlines content={block.content} />
        </p>
      )
    case 'list': {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a list item's place is its identity
        <li key={index}>
          <Inlines content={item} />
        </li>
      ))
      return block.ordered ? (
        <ol className="doc__ol" start={block.start}>
          {items}
        </ol>
      ) : (
        <ul className="doc__ul">{items}</ul>
      )
    }
    case 'table':
      return <DocumentTable block={block} />
  }
}

/** A document's body: its blocks as text, headings, lists and tables (never HTML). */
export function DocumentBody({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="doc">
      {blocks.map((block, index) => (
        // A document's blocks are fixed once published: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <DocumentBlock key={index} block={block} />
      ))}
    </div>
  )
}

/** The chapters of a long document (its level-2 headings), linked to their place on the page, folded. */
export function TableOfContents({ blocks }: { blocks: readonly Block[] }) {
  const headings = blocks.filter(
    (block): block is Extract<Block, { type: 'heading' }> => block.type === 'heading' && block.level === 2,
  )
  if (headings.length < 4) return null
  // Folded: on a phone the chapters of the terms fill a screen before the text begins.
  return (
    <details className="card card--soft doc-toc">
      <summary className="doc-toc__summary">
        {t('information.contentsCount', { count: headings.length })}
      </summary>
      <nav aria-label={t('information.contents')}>
        <ul>
          {headings.map((heading) => (
            <li key={heading.id}>
              <a href={`#${headingAnchor(heading.id)}`}>{plainText(heading.content)}</a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  )
}
