import { t } from './i18n'
import { SealLookupForm } from './seal-lookup-form'
import { SealPage } from './seal-page'

/** `/admin/seals`: a seal ID to type, which opens the seal's page. */
export function SealLookupScreen() {
  return (
    <SealPage title={t('adminSeals.lookup.title')} lead={t('adminSeals.lookup.lead')}>
      <SealLookupForm />
    </SealPage>
  )
}
