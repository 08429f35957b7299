import { pages } from '@puribox/contract/pages'
import { useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { useClock } from '../../../lib/clock'
import { dateTimeParts } from '../../../lib/date-time-parts'
import { t } from '../i18n'
import '../time-travel.css'

const timeTravelPath = pages.find((page) => page.screen === 'timeTravel')?.path ?? '/'

/** While time travel is on, a closable note saying which "now" the service uses, so no tester mistakes it for today. */
export function TimeTravelToast() {
  const clock = useClock()
  const [closedFor, setClosedFor] = useState<string | null>(null)
  if (!clock || closedFor === clock.date) return null

  const parts = dateTimeParts(clock.date)
  return (
    <div className="toast" role="status">
      <p className="toast__text">
        <strong>{t('timeTravel.toast.label')}</strong> {parts ? t('common.dateTime', parts) : clock.date}
      </p>
      <AppLink href={timeTravelPath} className="toast__link">
        {t('timeTravel.toast.change')}
      </AppLink>
      <button
        type="button"
        className="toast__close"
        aria-label={t('timeTravel.toast.close')}
        onClick={() => setClosedFor(clock.date)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
