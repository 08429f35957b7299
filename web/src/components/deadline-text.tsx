import type { Deadline } from '../lib/deadline'

/** A deadline's label (lib/deadline.ts), stressed in its last day and once over. */
export function DeadlineText({ deadline }: { deadline: Deadline }) {
  return (
    <span className={deadline.state === 'open' ? 'deadline' : 'deadline deadline--soon'}>
      {deadline.text}
    </span>
  )
}
