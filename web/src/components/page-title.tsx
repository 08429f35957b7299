import { t } from '../lib/i18n'

/** The document title of a screen (React hoists <title> into the head). */
export function PageTitle({ page }: { page: string }) {
  return <title>{t('common.pageTitle', { page })}</title>
}
