import { useTranslation } from 'react-i18next'

/** The document title of a screen (React hoists <title> into the head). */
export function PageTitle({ page }: { page: string }) {
  const { t } = useTranslation()
  return <title>{t('common.pageTitle', { page })}</title>
}
