import { describe, it } from 'vitest'
import { expectContentLane } from '../../test/console'
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

describe('who may do what with the information pages and policies in the console', () => {
  it('lets every operator read, and editors and admins write, preview, publish and take a schedule back; members and jobs nothing, not even read', () => {
    expectContentLane(ACTIONS, can)
  })
})
