import type { AdminAudition, AuditionState } from '@puribox/contract/admin-auditions'
import { t } from './audition-i18n'
import { japanTime } from './content-format'

export const auditionStateName = (state: AuditionState) => t(`adminAuditions.states.${state}`)

/** The content areas' colour of each state (content.css): to come, seen by members, over. */
const STATE_LOOK: Record<AuditionState, string> = {
  upcoming: 'scheduled',
  open: 'published',
  closed: 'ended',
}

/** An audition's state as a badge, coloured by whether members see it. */
export function AuditionStateBadge({ state }: { state: AuditionState }) {
  return (
    <span className={`badge content-state content-state--${STATE_LOOK[state]}`}>
      {auditionStateName(state)}
    </span>
  )
}

/** The ages an audition admits, both ends included. */
export const auditionAges = (audition: Pick<AdminAudition, 'minAge' | 'maxAge'>) =>
  t('adminAuditions.ages', { min: audition.minAge, max: audition.maxAge })

/** When it takes applications, in Japan time. */
export const auditionWindow = (audition: Pick<AdminAudition, 'opensAt' | 'closesAt'>) =>
  t('adminAuditions.window', { from: japanTime(audition.opensAt), until: japanTime(audition.closesAt) })
