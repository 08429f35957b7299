import { useId } from 'react'
import { focusField } from '../../lib/focus-field'
import { t } from './i18n'
import type { ContractForm } from './use-contract-form'

/**
 * At the top of a form whose last submit found two fields or more wrong: each error, linking to its
 * field. Focus moves here after such a submit (useContractForm), so a screen reader reads the title
 * and the list before anything else; a tap on an error brings its field into view and focuses it.
 */
export function ErrorSummary({ summary }: { summary: ContractForm<string>['summary'] }) {
  const titleId = useId()
  if (!summary) return null
  return (
    <section
      ref={summary.ref}
      className="notice notice--error error-summary"
      tabIndex={-1}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="notice__title">
        {t('form.errorSummary')}
      </h2>
      <ul className="error-summary__list">
        {summary.items.map((item) => (
          <li key={item.id}>
            <a
              className="text-link"
              href={`#${item.id}`}
              onClick={(event) => {
                // Not through the address: my page's views live in the hash.
                event.preventDefault()
                focusField(document.getElementById(item.id))
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
