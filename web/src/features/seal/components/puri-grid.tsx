import type { SealSet } from '../api/get-seal'
import { t } from '../i18n'

type Puri = SealSet['puris'][number]

/** Images in the first row load at once; the rest when scrolled near (2 columns on phones). */
const EAGER_COUNT = 2
/** Tiles of the grid while the seal loads: two rows, as most plays have at least four puris. */
const PLACEHOLDER_COUNT = 4

interface PuriGridProps {
  puris: Puri[]
  kind: 'regular' | 'raw'
  onOpen: (puri: Puri) => void
}

/** Watermarked previews of puris, two per row; tapping one opens it larger. */
export function PuriGrid({ puris, kind, onOpen }: PuriGridProps) {
  return (
    <ul className="puri-grid">
      {puris.map((puri, index) => {
        // Only the first row of the regular puris is in view at once (the raw ones come after them),
        // and the very first picture is the largest thing on the page.
        const eager = kind === 'regular' && index < EAGER_COUNT
        return (
          <li key={puri.number} className="puri-grid__item">
            <button
              type="button"
              className="puri-grid__button"
              onClick={() => onOpen(puri)}
              aria-label={t('seal.preview.enlarge', { number: puri.number })}
            >
              <img
                src={puri.thumbnailUrl}
                alt={t(kind === 'raw' ? 'seal.preview.rawPuriAlt' : 'seal.preview.puriAlt', {
                  number: puri.number,
                })}
                width={300}
                height={400}
                loading={eager ? 'eager' : 'lazy'}
                fetchPriority={eager && index === 0 ? 'high' : undefined}
                decoding="async"
              />
              {puri.isProofSample && (
                <span className="badge puri-grid__badge">{t('seal.preview.proofSample')}</span>
              )}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** The grid's place while the seal loads: tiles of the pictures' size. */
export function PuriGridSkeleton() {
  return (
    <ul className="puri-grid">
      {Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <li key={index} className="puri-grid__item">
          <span className="puri-grid__placeholder" />
        </li>
      ))}
    </ul>
  )
}
