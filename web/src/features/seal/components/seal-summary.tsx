import { formatSealId } from '@puribox/contract/seal-id'
import type { SealSet } from '../api/get-seal'
import { t } from '../i18n'
import { sealExpiry } from '../seal-expiry'

/** The seal at a glance: its ID as printed, the machine, and how long it can still be saved. */
export function SealSummary({ seal, realNow }: { seal: SealSet; realNow?: Date }) {
  const expiry = sealExpiry(seal, realNow)
  return (
    <dl className="seal-summary">
      <div>
        <dt>{t('seal.preview.sealId')}</dt>
        <dd className="seal-summary__id">{formatSealId(seal.sealId)}</dd>
      </div>
      <div>
        <dt>{t('seal.preview.machine')}</dt>
        <dd>{seal.machine.name}</dd>
      </div>
      {expiry && (
        <div>
          <dt>{t('seal.preview.expiry')}</dt>
          <dd>
            {expiry.daysLeft > 0 ? (
              <>
                <strong className="seal-summary__days">
                  {t('seal.preview.daysLeft', { days: expiry.daysLeft })}
                </strong>{' '}
                <span className="seal-summary__date">
                  {t('seal.preview.saveBy', { month: expiry.month, day: expiry.day, time: expiry.time })}
                </span>
              </>
            ) : (
              <strong>{t('seal.preview.expired')}</strong>
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
