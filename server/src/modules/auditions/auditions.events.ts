/**
 * The events the auditions module emits when an operator changes an audition, each in the
 * transaction of the change, its target `{ kind: 'audition', id }`. Their `before` and `after` hold
 * the changed fields (a new audition's `after` all of them). An audition reaching its end is no
 * event: its `closesAt` said when.
 */
declare module '../events' {
  interface DomainEvents {
    'auditions.created': { auditionId: string }
    'auditions.changed': { auditionId: string }
    'auditions.closed': { auditionId: string }
  }
}

export type AuditionEventName = 'auditions.created' | 'auditions.changed' | 'auditions.closed'
