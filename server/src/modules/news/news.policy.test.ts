import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { allowedByRole } from '../../test/console'
import { type Actor, systemActor } from '../actor'
import { can, type NewsAction } from './news.policy'

const ACTIONS: NewsAction[] = ['read', 'create', 'change', 'schedule', 'publish', 'withdraw']
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with news in the console', () => {
  it('lets every operator read, and editors and admins write, schedule, publish and withdraw', () => {
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
