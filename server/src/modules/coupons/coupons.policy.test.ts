import { describe, expect, it } from 'vitest'
import { buildMemberCaller } from '../../test/callers'
import { allowedByRole } from '../../test/console'
import { type Actor, systemActor } from '../actor'
import { type CouponAction, can } from './coupons.policy'

const ACTIONS: CouponAction[] = ['read', 'create', 'change', 'publish', 'withdraw', 'give']
const allowed = (actor: Actor) => ACTIONS.filter((action) => can(actor, action))

describe('who may do what with coupons in the console', () => {
  it('lets every operator read, editors make and publish coupons, support give a ticket, admins all', () => {
    expect(allowedByRole(ACTIONS, can)).toEqual({
      viewer: ['read'],
      support: ['read', 'give'],
      editor: ['read', 'create', 'change', 'publish', 'withdraw'],
      admin: ACTIONS,
    })
  })

  it('lets members and the system do nothing here, not even read', () => {
    expect(allowed(buildMemberCaller())).toEqual([])
    expect(allowed(systemActor('demo'))).toEqual([])
  })
})
