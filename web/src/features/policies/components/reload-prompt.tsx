import { browserPage } from '../../../lib/page-navigation'
import { t } from '../i18n'

/** The policies could not be loaded: one big button that reloads the page. */
export function ReloadPrompt() {
  return (
    <div role="alert">
      <button type="button" className="reload-prompt" onClick={() => browserPage.reload()}>
        <span className="reload-prompt__mark" aria-hidden="true">
          ↻
        </span>
        {t('policies.loadFailed')}
      </button>
    </div>
  )
}
