import { describe, it } from 'vitest'
import { expectContentLane } from '../../test/console'
import { can, type FlowAction } from './optimized-flows.policy'

const ACTIONS: FlowAction[] = ['read', 'change']

describe('who may do what with the optimised flows in the console', () => {
  it('lets every operator read, and editors and admins change a flow; members and jobs nothing, not even read', () => {
    expectContentLane(ACTIONS, can)
  })
})
