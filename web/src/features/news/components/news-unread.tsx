import { useNews } from '../api/get-news'
import { useNewsReads } from '../api/mark-read'
import { t } from '../i18n'

/**
 * How many news items whoever is looking has not opened, beside the menu's news link (its own chunk,
 * fetched when the menu opens). Nothing when all are read, or while the news is on its way.
 */
export default function NewsUnread() {
  const news = useNews(null)
  const reads = useNewsReads()
  const unread = reads.known ? (news.data?.entry?.filter((item) => !reads.isRead(item)).length ?? 0) : 0
  if (unread === 0) return null
  return (
    <>
      <span className="menu-unread">{unread > 99 ? '99+' : unread}</span>
      <span className="visually-hidden">{t('news.unreadCount')}</span>
    </>
  )
}
