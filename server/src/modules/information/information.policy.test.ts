import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { allowedByRole } from '../../test/console'
import { type Actor, systemActor } from '../actor'
import { can, type InformationAction } from './information.policy'

const ACTIONS: InformationAction[] = [
  'read',
  'preview',
  'create',
  'change',
  'discard',
  'publish',
  'unschedule',
]
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with the information pages and policies in the console', () => {
  it('lets every operator read, and editors and admins write, preview, publish and take a schedule back', () => {
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
