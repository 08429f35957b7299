import type { HelpBlock } from '@puribox/contract/help'
import { t } from './i18n'

/**
 * An answer's blocks as members read them (paragraphs, what to keep in mind, steps, lists, buttons to
 * pages), with each button's address shown: the console does not follow it.
 */
export function HelpBodyView({ blocks }: { blocks: readonly HelpBlock[] }) {
  return (
    <div className="help-body">
      {blocks.map((block, index) => {
        // The blocks of one answer never move while shown: their position is their key.
        const key = `${block.type}-${index}`
        switch (block.type) {
          case 'text':
            return <p key={key}>{block.text}</p>
          case 'note':
            return (
              <p key={key} className="help-body__note">
                {block.text}
              </p>
            )
          case 'steps':
            return (
              <ol key={key} className="help-body__steps">
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same step may be written twice
                  <li key={itemIndex}>{item}</li>
                ))}
              </ol>
            )
          case 'list':
            return (
              <ul key={key} className="help-body__list">
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same item may be written twice
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            )
          case 'link':
            return (
              <p key={key} className="help-body__link">
                <span className="help-body__button">{block.label}</span>
                <span className="content-sub">
                  {t('adminContent.help.answer.linksTo')} <code className="content-code">{block.href}</code>
                </span>
              </p>
            )
          default:
            return null
        }
      })}
    </div>
  )
}
