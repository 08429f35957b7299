import { type Actor, inContentLane } from '../actor'

/**
 * Who may do what with banners in the console: every operator reads every space's banners;
 * editors and admins preview, create, change, order and withdraw them (content is theirs, decision
 * 0074). Members only see what a space shows, through the members' route; the system's jobs
 * change nothing.
 */
export type BannerAction = 'read' | 'preview' | 'create' | 'change' | 'order' | 'withdraw'

export function can(actor: Actor, action: BannerAction): boolean {
  return inContentLane(actor, action)
}
