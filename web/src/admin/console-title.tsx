import { t } from './i18n'

/** The document title of a console screen (React hoists <title> into the head). */
export function ConsoleTitle({ page }: { page: string }) {
  return <title>{t('admin.pageTitle', { page })}</title>
}
