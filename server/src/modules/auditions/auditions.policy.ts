import { type Actor, inContentLane } from '../actor'

/**
 * Who may do what with auditions in the console: every operator reads every audition and how far
 * its applications got (the applicants' personal fields masked unless `seesPersonalData`); editors
 * and admins write, change and close one (content is theirs, decision 0074). Members apply through
 * the members' routes and change nothing here; the system's jobs change nothing either (an audition
 * closes at its end by itself).
 */
export type AuditionAction = 'read' | 'create' | 'change' | 'close'

export function can(actor: Actor, action: AuditionAction): boolean {
  return inContentLane(actor, action)
}
