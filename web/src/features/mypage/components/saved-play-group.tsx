import type { SavedImage, SavedPlay, UnsavedPuri } from '@puribox/contract/mypage'
import { links } from '@puribox/contract/pages'
import { formatSealId } from '@puribox/contract/seal-id'
import { monthDayJst, parseJst } from '@puribox/contract/time'
import { AppLink } from '../../../components/app-link'
import { DeadlineText } from '../../../components/deadline-text'
import { t } from '../i18n'
import type { PlaySlide, PlayView } from '../viewer-slides'
import { LockedPuri } from './locked-puri'
import { PlayZipButton } from './play-zip-button'

/** The month and day a play was shot, Japan time. */
export function playDate(play: SavedPlay): { month: number; day: number } | null {
  const shotAt = parseJst(play.shotAt)
  return shotAt ? monthDayJst(shotAt) : null
}

export function imageAlt(play: SavedPlay, image: SavedImage): string {
  const date = playDate(play) ?? { month: '', day: '' }
  return t(image.rawPuri ? 'mypageList.play.imageAltRaw' : 'mypageList.play.imageAlt', {
    ...date,
    number: image.puriNumber,
  })
}

/** The text alternative of an unsaved picture's locked preview. */
export function lockedAlt(play: SavedPlay, puri: UnsavedPuri): string {
  const date = playDate(play) ?? { month: '', day: '' }
  return t(puri.rawPuri ? 'mypageList.play.lockedAltRaw' : 'mypageList.play.lockedAlt', {
    ...date,
    number: puri.puriNumber,
  })
}

interface SavedPlayGroupProps {
  play: SavedPlay
  /** What it shows (viewer-slides.ts): its pictures, saved and locked, and their deadline. */
  view: PlayView
  /** How many thumbnails of this group load at once (the ones in the first screen, for LCP). */
  eagerCount: number
  /** How many of them are fetched at high priority (the page's first row); the others at low. */
  highPriorityCount: number
  /** Opens the viewer on a picture of the play, saved or locked (by its slide's key). */
  onOpen: (play: SavedPlay, key: string) => void
  /** The link to premium under the unsaved ones; off where the page offers premium itself. */
  premiumLink?: boolean
}

function SlideTile({
  play,
  slide,
  eager,
  high,
}: {
  play: SavedPlay
  slide: PlaySlide
  eager: boolean
  high: boolean
}) {
  if (slide.kind === 'locked') {
    return (
      <LockedPuri
        previewUrl={slide.puri.previewUrl}
        alt={lockedAlt(play, slide.puri)}
        rawPuri={slide.puri.rawPuri}
      />
    )
  }
  const { image } = slide
  return (
    <>
      <img
        src={image.thumbnailUrl}
        alt={imageAlt(play, image)}
        width={240}
        height={320}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={high ? 'high' : 'low'}
        decoding="async"
      />
      {image.rawPuri && <span className="badge saved-grid__badge">{t('mypageList.play.rawBadge')}</span>}
    </>
  )
}

function openLabel(slide: PlaySlide): string {
  if (slide.kind === 'locked') {
    // The name says what the tile shows (its badge for a raw puri too), so a voice-control user can say it.
    return t(slide.puri.rawPuri ? 'mypageList.play.openLockedRaw' : 'mypageList.play.openLocked', {
      number: slide.puri.puriNumber,
    })
  }
  return t(slide.image.rawPuri ? 'mypageList.play.openRaw' : 'mypageList.play.open', {
    number: slide.image.puriNumber,
  })
}

/**
 * One play: its date and machine, its saved pictures in a grid and, for a free member, the unsaved
 * ones locked after them with their one deadline and the way to premium; the ZIP of the saved ones.
 */
export function SavedPlayGroup({
  play,
  view,
  eagerCount,
  highPriorityCount,
  onOpen,
  premiumLink = true,
}: SavedPlayGroupProps) {
  const { slides, deadline, waiting } = view
  const date = playDate(play)
  const headingId = `play-${play.sealId}`
  return (
    <section className="card saved-play" aria-labelledby={headingId}>
      <h2 className="saved-play__heading" id={headingId}>
        {date && <span className="saved-play__date">{t('mypageList.play.date', date)}</span>}
        <span className="saved-play__machine">{play.machine.name}</span>
        {/* Two plays of one machine on one day read alike: the seal ID tells their regions apart. */}
        <span className="visually-hidden">
          {t('mypageList.play.sealId', { sealId: formatSealId(play.sealId) })}
        </span>
        <span className="saved-play__count">
          {waiting
            ? t('mypageList.play.countOfTotal', {
                count: play.images.length,
                total: play.images.length + play.unsavedCount,
              })
            : t('mypageList.play.count', { count: play.images.length })}
        </span>
      </h2>
      {play.images.length === 0 && <p className="note saved-play__none">{t('mypageList.play.noneSaved')}</p>}
      {slides.length > 0 && (
        <ul className="saved-grid">
          {slides.map((slide, index) => (
            <li key={slide.key} className="saved-grid__item">
              <button
                type="button"
                className="saved-grid__button"
                aria-label={openLabel(slide)}
                onClick={() => onOpen(play, slide.key)}
              >
                <SlideTile
                  play={play}
                  slide={slide}
                  eager={index < eagerCount}
                  high={index < highPriorityCount}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {waiting && deadline && (
        <div className="saved-play__unsaved">
          <p>
            {t('mypageList.play.deadline')} <DeadlineText deadline={deadline} />
          </p>
          <p>{t('mypageList.play.unsaved', { count: play.unsavedCount })}</p>
          {premiumLink && (
            <AppLink href={links.premiumRegistration} className="text-link">
              {t('mypageList.play.premium')}
            </AppLink>
          )}
        </div>
      )}
      {play.images.length > 0 && <PlayZipButton play={play} />}
    </section>
  )
}
