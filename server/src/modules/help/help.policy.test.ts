import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { allowedByRole } from '../../test/console'
import { type Actor, systemActor } from '../actor'
import { can, type HelpAction } from './help.policy'

const ACTIONS: HelpAction[] = ['read', 'change-category', 'order', 'create', 'change', 'remove']
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with help in the console', () => {
  it('lets every operator read, and editors and admins change categories, order, write and remove answers', () => {
    expect(allowedByRole(ACTIONS, can)).toEqual({
      viewer: ['read'],
      support: ['read'],
      editor: ACTIONS,
      admin: ACTIONS,
    })
  })

  it('lets members and the system do nothing here, not even read', () => {
    expect(allowed(buildMemberCaller())).toEqual([])
    expect(allowed(systemActor('content at start'))).toEqual([])
  })
})
