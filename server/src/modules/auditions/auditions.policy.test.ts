import { describe, it } from 'vitest'
import { expectContentLane } from '../../test/console'
import { type AuditionAction, can } from './auditions.policy'

const ACTIONS: AuditionAction[] = ['read', 'create', 'change', 'close']

describe('who may do what with auditions in the console', () => {
  it('lets every operator read, and editors and admins write, change and close; members and jobs nothing, not even read', () => {
    expectContentLane(ACTIONS, can)
  })
})
