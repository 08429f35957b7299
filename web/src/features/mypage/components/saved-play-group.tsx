import type { SavedImage, SavedPlay } from '@puribox/contract/mypage'
import { links } from '@puribox/contract/pages'
import { addDays, daysLeft, formatJst, monthDayJst, parseJst } from '@puribox/contract/time'
import { AppLink } from '../../../components/app-link'
import { t } from '../i18n'
import { PlayZipButton } from './play-zip-button'

/** The month and day a play was shot, Japan time. */
export function playDate(play: SavedPlay): { month: number; day: number } | null {
  const shotAt = parseJst(play.shotAt)
  return shotAt ? monthDayJst(shotAt) : null
}

/**
 * The spec's save-by date of a play's unsaved pictures: one day before the seal expires, as month
 * and day in Japan time (as the unsaved summary and the save screen say it). Null once that day is
 * behind "now" (the last day before expiry), when the date would only confuse.
 */
export function saveByDate(expiry: Date, now: Date): { month: number; day: number } | null {
  const saveBy = addDays(expiry, -1)
  const day = (instant: Date) => formatJst(instant).slice(0, 10)
  return day(saveBy) < day(now) ? null : monthDayJst(saveBy)
}

export function imageAlt(play: SavedPlay, image: SavedImage): string {
  const date = playDate(play) ?? { month: '', day: '' }
  return t(image.rawPuri ? 'mypageList.play.imageAltRaw' : 'mypageList.play.imageAlt', {
    ...date,
    number: image.puriNumber,
  })
}

interface SavedPlayGroupProps {
  play: SavedPlay
  /** How many thumbnails of this group load at once (the ones in the first screen, for LCP). */
  eagerCount: number
  /** How many of them are fetched at high priority (the page's first row); the others at low. */
  highPriorityCount: number
  /**
   * Not known to be premium: shown the unsaved count and the way to premium (only a mini member has
   * unsaved pictures; the account may still be loading when the plays arrive).
   */
  mini: boolean
  now: Date
  onOpen: (play: SavedPlay, image: SavedImage) => void
}

/** One play: its date and machine, its saved pictures in a grid, what is left unsaved, the ZIP. */
export function SavedPlayGroup({
  play,
  eagerCount,
  highPriorityCount,
  mini,
  now,
  onOpen,
}: SavedPlayGroupProps) {
  const date = playDate(play)
  const expiry = parseJst(play.sealExpireDate)
  const days = expiry ? daysLeft(expiry, now) : 0
  const saveBy = expiry ? saveByDate(expiry, now) : null
  const headingId = `play-${play.sealId}`
  return (
    <section className="card saved-play" aria-labelledby={headingId}>
      <h2 className="saved-play__heading" id={headingId}>
        {date && <span className="saved-play__date">{t('mypageList.play.date', date)}</span>}
        <span className="saved-play__machine">{play.machine.name}</span>
        <span className="saved-play__count">{t('mypageList.play.count', { count: play.images.length })}</span>
      </h2>
      {play.images.length === 0 ? (
        <p className="note saved-play__none">{t('mypageList.play.noneSaved')}</p>
      ) : (
        <ul className="saved-grid">
          {play.images.map((image, index) => {
            const eager = index < eagerCount
            return (
              <li key={image.imageId} className="saved-grid__item">
                <button
                  type="button"
                  className="saved-grid__button"
                  aria-label={t(image.rawPuri ? 'mypageList.play.openRaw' : 'mypageList.play.open', {
                    number: image.puriNumber,
                  })}
                  onClick={() => onOpen(play, image)}
                >
                  <img
                    src={image.thumbnailUrl}
                    alt={imageAlt(play, image)}
                    width={240}
                    height={320}
                    loading={eager ? 'eager' : 'lazy'}
                    fetchPriority={index < highPriorityCount ? 'high' : 'low'}
                    decoding="async"
                  />
                  {image.rawPuri && (
                    <span className="badge saved-grid__badge">{t('mypageList.play.rawBadge')}</span>
                  )}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {mini && play.unsavedCount > 0 && days > 0 && (
        <div className="saved-play__unsaved">
          <p>{t('mypageList.play.unsaved', { count: play.unsavedCount, days })}</p>
          {saveBy && <p>{t('mypageList.play.saveBy', saveBy)}</p>}
          <AppLink href={links.premiumRegistration} className="text-link">
            {t('mypageList.play.premium')}
          </AppLink>
        </div>
      )}
      {play.images.length > 0 && <PlayZipButton play={play} />}
    </section>
  )
}
