import { formatSealId } from '@puribox/contract/seal-id'
import { saveDeadlineOf } from '../../../lib/deadline'
import type { SealSet } from '../api/get-seal'
import { t } from '../i18n'

/**
 * The seal at a glance: its ID as printed, the machine, and until when it can be saved (the one
 * deadline rule of lib/deadline.ts, counted from the time-travel date when the answer has one).
 */
export function SealSummary({ seal, realNow }: { seal: SealSet; realNow?: Date }) {
  const deadline = saveDeadlineOf(seal.sealExpireDate, seal.clock, realNow)
  return (
    <dl className="seal-summary">
      <div>
        <dt>{t('seal.preview.sealId')}</dt>
        <dd className="seal-summary__id nowrap">{formatSealId(seal.sealId)}</dd>
      </div>
      <div>
        <dt>{t('seal.preview.machine')}</dt>
        <dd>{seal.machine.name}</dd>
      </div>
      {deadline && (
        <div>
          <dt>{t('seal.preview.expiry')}</dt>
          <dd>
            {deadline.state === 'passed' ? (
              <strong>{deadline.text}</strong>
            ) : (
              <>
                <strong
                  className={
                    deadline.state === 'soon'
                      ? 'seal-summary__days seal-summary__days--soon'
                      : 'seal-summary__days'
                  }
                >
                  {deadline.left}
                </strong>{' '}
                <span className="seal-summary__date">{deadline.until}</span>
              </>
            )}
          </dd>
        </div>
      )}
    </dl>
  )
}

/** The summary's place while the seal loads: the same card and rows, the values still to come. */
export function SealSummarySkeleton() {
  return (
    <dl className="seal-summary">
      <div>
        <dt>{t('seal.preview.sealId')}</dt>
        <dd className="seal-summary__id">
          <span className="skeleton skeleton--id" />
        </dd>
      </div>
      <div>
        <dt>{t('seal.preview.machine')}</dt>
        <dd>
          <span className="skeleton" />
        </dd>
      </div>
      <div>
        <dt>{t('seal.preview.expiry')}</dt>
        <dd>
          <strong className="seal-summary__days">
            <span className="skeleton skeleton--short" />
          </strong>{' '}
          <span className="seal-summary__date">
            <span className="skeleton" />
          </span>
        </dd>
      </div>
    </dl>
  )
}
