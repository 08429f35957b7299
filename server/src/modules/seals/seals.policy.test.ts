import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { allowedByRole } from '../../test/console'
import { type Actor, systemActor } from '../actor'
import { can, type SealAction } from './seals.policy'

const ACTIONS: SealAction[] = ['read', 'view-pictures', 'hide', 'unhide']
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with seals in the console', () => {
  it('lets every operator read, and support and admins look at the pictures, hide and show again', () => {
    expect(allowedByRole(ACTIONS, can)).toEqual({
      viewer: ['read'],
      support: ACTIONS,
      editor: ['read'],
      admin: ACTIONS,
    })
  })

  it('lets members and the system do nothing here, not even read', () => {
    expect(allowed(buildMemberCaller())).toEqual([])
    expect(allowed(systemActor('expiry'))).toEqual([])
  })
})
