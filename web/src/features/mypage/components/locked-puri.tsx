import { t } from '../i18n'

/** A padlock, drawn in the text's colour. */
export function LockMark({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Zm3 3.5a1.5 1.5 0 0 1 .75 2.8V18h-1.5v-1.7a1.5 1.5 0 0 1 .75-2.8Z"
      />
    </svg>
  )
}

interface LockedPuriProps {
  /** The watermarked preview (the unsaved-one route): never the picture itself. */
  previewUrl: string
  alt: string
  rawPuri: boolean
}

/**
 * A picture the free member has not saved: its preview, blurred, under a padlock and the word for unsaved, in a
 * tile the size of a saved one's.
 */
export function LockedPuri({ previewUrl, alt, rawPuri }: LockedPuriProps) {
  return (
    <span className="locked-puri">
      <img src={previewUrl} alt={alt} width={240} height={320} loading="lazy" decoding="async" />
      <span className="locked-puri__mark" aria-hidden="true">
        <LockMark />
        {t('mypageList.locked.mark')}
      </span>
      {/* A space between the two words, as the tile's button name says them ("unsaved raw"). */}{' '}
      {rawPuri && <span className="badge saved-grid__badge">{t('mypageList.play.rawBadge')}</span>}
    </span>
  )
}
