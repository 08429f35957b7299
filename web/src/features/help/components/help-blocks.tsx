import type { HelpBlock } from '@puribox/contract/help'
import { AppLink } from '../../../components/app-link'

/** An answer's blocks as they say: plain text, lists and links to the site's pages (never HTML). */
export function HelpBlocks({ blocks }: { blocks: readonly HelpBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        // The blocks of one answer never move: their position is their key.
        const key = `${block.type}-${index}`
        switch (block.type) {
          case 'text':
            return <p key={key}>{block.text}</p>
          case 'note':
            return (
              <p key={key} className="help-answer__note">
                {block.text}
              </p>
            )
          case 'steps':
            return (
              <ol key={key}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            )
          case 'list':
            return (
              <ul key={key} className="tips">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )
          case 'link':
            return (
              <AppLink key={key} href={block.href} className="button button--secondary button--block">
                {block.label}
              </AppLink>
            )
          default:
            return null
        }
      })}
    </>
  )
}
