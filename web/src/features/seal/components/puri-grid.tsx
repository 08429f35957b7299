import { t } from '../../../lib/i18n'
import type { SealSet } from '../api/get-seal'

type Puri = SealSet['puris'][number]

/** Images in the first row load at once; the rest when scrolled near (2 columns on phones). */
const EAGER_COUNT = 2

interface PuriGridProps {
  puris: Puri[]
  kind: 'regular' | 'raw'
  onOpen: (puri: Puri) => void
}

/** Watermarked previews of puris, two per row; tapping one opens it larger. */
export function PuriGrid({ puris, kind, onOpen }: PuriGridProps) {
  return (
    <ul className="puri-grid">
      {puris.map((puri, index) => (
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
              loading={index < EAGER_COUNT ? 'eager' : 'lazy'}
              decoding="async"
            />
            {puri.isProofSample && (
              <span className="badge puri-grid__badge">{t('seal.preview.proofSample')}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  )
}
