import { describe, it } from 'vitest'
import { expectContentLane } from '../../test/console'
import { can, type HelpAction } from './help.policy'

const ACTIONS: HelpAction[] = ['read', 'change-category', 'order', 'create', 'change', 'remove']

describe('who may do what with help in the console', () => {
  it('lets every operator read, and editors and admins change categories, order, write and remove answers; members and jobs nothing, not even read', () => {
    expectContentLane(ACTIONS, can)
  })
})
