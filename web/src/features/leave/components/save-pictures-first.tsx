import { SAVED_ZIP_FILE_NAME, SAVED_ZIP_URL, type SavedImage, type SavedPlay } from '@puribox/contract/mypage'
import { formatSealId } from '@puribox/contract/seal-id'
import { monthDayJst, parseJst } from '@puribox/contract/time'
import { type ReactNode, useId } from 'react'
import { LoadFailure } from '../../../components/load-failure'
import { LoadingState } from '../../../components/loading-state'
import { PlayZipButton, useSavedPlays } from '../../mypage/public'
import { t } from '../i18n'

function dayOf(play: SavedPlay): { month: number; day: number } {
  const shotAt = parseJst(play.shotAt)
  return shotAt ? monthDayJst(shotAt) : { month: 0, day: 0 }
}

function altOf(play: SavedPlay, image: SavedImage): string {
  const key = image.rawPuri ? 'leave.pictures.imageAltRaw' : 'leave.pictures.imageAlt'
  return t(key, { ...dayOf(play), number: image.puriNumber })
}

/** One play: its day and machine, its saved pictures small, and its own ZIP. */
function Play({ play }: { play: SavedPlay }) {
  const headingId = useId()
  return (
    <section className="leave-play" aria-labelledby={headingId}>
      <h3 id={headingId} className="leave-play__heading">
        <span>{t('leave.pictures.play', dayOf(play))}</span>
        <span className="leave-play__machine">{play.machine.name}</span>
        {/* Two plays of one machine on one day read alike: the seal ID tells their regions apart. */}
        <span className="visually-hidden">
          {t('leave.pictures.sealId', { sealId: formatSealId(play.sealId) })}
        </span>
        <span className="leave-play__count">{t('leave.pictures.count', { count: play.images.length })}</span>
      </h3>
      <ul className="leave-thumbs">
        {play.images.map((image) => (
          <li key={image.imageId}>
            <img
              src={image.thumbnailUrl}
              alt={altOf(play, image)}
              width={240}
              height={320}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
      <PlayZipButton play={play} />
    </section>
  )
}

/**
 * "Save your pictures first": what leaving deletes, as the pictures themselves, and the ways to keep
 * them — every picture in one ZIP (a plain download the browser keeps on disk, however large), or a
 * play at a time.
 */
export function SavePicturesFirst() {
  const titleId = useId()
  const plays = useSavedPlays(true)
  const withPictures = (plays.data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((play) => play.images.length > 0)

  let body: ReactNode
  if (plays.data && withPictures.length === 0 && !plays.hasNextPage) {
    body = <p>{t('leave.pictures.none')}</p>
  } else if (plays.data) {
    body = (
      <>
        <p>{t('leave.pictures.lead')}</p>
        <a href={SAVED_ZIP_URL} download={SAVED_ZIP_FILE_NAME} className="button button--block">
          {t('leave.pictures.all')}
        </a>
        <p className="note">{t('leave.pictures.allNote')}</p>
        <p className="note">{t('leave.pictures.perPlay')}</p>
        {withPictures.map((play) => (
          <Play key={play.sealId} play={play} />
        ))}
        {plays.hasNextPage && (
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={plays.isFetchingNextPage}
            onClick={() => void plays.fetchNextPage()}
          >
            {plays.isFetchingNextPage ? t('leave.pictures.loadingMore') : t('leave.pictures.more')}
          </button>
        )}
      </>
    )
  } else if (plays.isError) {
    body = (
      <LoadFailure
        error={plays.error}
        title={t('leave.pictures.loadFailed')}
        onRetry={() => void plays.refetch()}
      />
    )
  } else {
    body = <LoadingState />
  }

  return (
    <section className="card stack leave-pictures" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('leave.pictures.title')}
      </h2>
      {body}
    </section>
  )
}
