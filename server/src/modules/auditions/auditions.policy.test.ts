import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { allowedByRole } from '../../test/console'
import { type Actor, systemActor } from '../actor'
import { type AuditionAction, can } from './auditions.policy'

const ACTIONS: AuditionAction[] = ['read', 'create', 'change', 'close']
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with auditions in the console', () => {
  it('lets every operator read, and editors and admins write, change and close', () => {
    expect(allowedByRole(ACTIONS, can)).toEqual({
      viewer: ['read'],
      support: ['read'],
      editor: ACTIONS,
      admin: ACTIONS,
    })
  })

  it('lets members and the system do nothing here, not even read', () => {
    expect(allowed(buildMemberCaller())).toEqual([])
    expect(allowed(systemActor('demo'))).toEqual([])
  })
})
