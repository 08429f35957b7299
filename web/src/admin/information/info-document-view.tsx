import type { Block, Inline } from '@puribox/contract/information'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import '../../components/document-body.css'
import { t } from './info-i18n'

/** The text of inlines without their marks (a table's column name, for the stacked layout). */
function plainText(inlines: readonly Inline[]): string {
  return inlines.map((inline) => (inline.type === 'break' ? ' ' : inline.text)).join('')
}

/**
 * A link of a version as members' pages make it, checked again as they check it; here every link
 * opens in a new tab, so reading a version never leaves the console.
 */
function DocumentLink({ text, href }: { text: string; href: string }) {
  const target = href.startsWith('/') ? sameOriginPath(href) : href
  if (target === null || !/^(\/|https:\/\/|mailto:)/.test(target)) return text
  if (target.startsWith('mailto:')) return <a href={target}>{text}</a>
  return (
    <a href={target} target="_blank" rel="noopener noreferrer">
      {text}
      <span className="visually-hidden">{t('adminInformation.view.newTab')}</span>
    </a>
  )
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
        // A version's inlines never move while shown: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <InlineNode key={index} inline={inline} />
      ))}
    </>
  )
}

// biome-ignore-start lint/a11y/noRedundantRoles: a table the stylesheet displays as blocks loses its
// table semantics in some browsers (Safari); the roles keep them, as on members' pages.
function DocumentTable({ block }: { block: Extract<Block, { type: 'table' }> }) {
  const labels = block.head.map(plainText)
  return (
    <div className="doc-table">
      <table role="table">
        <thead role="rowgroup">
          <tr role="row">
            {block.head.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two columns may have the same name
              <th key={index} scope="col" role="columnheader">
                <Inlines content={cell} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {block.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <tr key={rowIndex} role="row">
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column
                <td key={index} data-label={labels[index]} role="cell">
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
      const Heading = block.level === 2 ? 'h3' : 'h4'
      return (
        <Heading className={`doc__h${block.level}`}>
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

/**
 * A version's body as members' information page shows it: the server's blocks (the members'
 * route's own), drawn with the members' page styles in a frame as wide as a phone. Headings are one
 * level down, under the console page's own title and section.
 */
export function InfoDocumentView({
  title,
  blocks,
  label,
}: {
  /** The page's title as members' page puts it above the text; none in a preview of the body alone. */
  title?: string
  blocks: readonly Block[]
  label: string
}) {
  return (
    <article className="info-document card" aria-label={label}>
      {title && <p className="info-document__title">{title}</p>}
      {blocks.length === 0 ? (
        <p className="note">{t('adminInformation.view.empty')}</p>
      ) : (
        <div className="doc">
          {blocks.map((block, index) => (
            // A rendering's blocks are fixed once drawn: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <DocumentBlock key={index} block={block} />
          ))}
        </div>
      )}
    </article>
  )
}
