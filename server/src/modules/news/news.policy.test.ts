import { describe, it } from 'vitest'
import { expectContentLane } from '../../test/console'
import { can, type NewsAction } from './news.policy'

const ACTIONS: NewsAction[] = ['read', 'create', 'change', 'schedule', 'publish', 'withdraw']

describe('who may do what with news in the console', () => {
  it('lets every operator read, and editors and admins write, schedule, publish and withdraw; members and jobs nothing, not even read', () => {
    expectContentLane(ACTIONS, can)
  })
})
