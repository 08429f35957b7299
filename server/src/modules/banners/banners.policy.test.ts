import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { allowedByRole } from '../../test/console'
import { type Actor, systemActor } from '../actor'
import { type BannerAction, can } from './banners.policy'

const ACTIONS: BannerAction[] = ['read', 'preview', 'create', 'change', 'order', 'withdraw']
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with banners in the console', () => {
  it('lets every operator read, and editors and admins preview, create, change, order and withdraw', () => {
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
