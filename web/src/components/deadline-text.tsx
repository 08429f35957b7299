import type { Deadline } from '../lib/deadline'

/**
 * A deadline's label (lib/deadline.ts), stressed in its last day and once over. The moment and the
 * time left each stay on one line: a narrow screen breaks between them, never inside either.
 */
export function DeadlineText({ deadline }: { deadline: Deadline }) {
  const className = deadline.state === 'open' ? 'deadline' : 'deadline deadline--soon'
  if (deadline.state === 'passed') return <span className={className}>{deadline.text}</span>
  return (
    <span className={className}>
      <span className="deadline__part">{deadline.until}</span>
      <span className="deadline__part">{deadline.bracketed}</span>
    </span>
  )
}
