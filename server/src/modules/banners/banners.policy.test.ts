import { describe, it } from 'vitest'
import { expectContentLane } from '../../test/console'
import { type BannerAction, can } from './banners.policy'

const ACTIONS: BannerAction[] = ['read', 'preview', 'create', 'change', 'order', 'withdraw']

describe('who may do what with banners in the console', () => {
  it('lets every operator read, and editors and admins preview, create, change, order and withdraw; members and jobs nothing, not even read', () => {
    expectContentLane(ACTIONS, can)
  })
})
