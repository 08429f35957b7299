import { CONTENT_ADMIN_LIMITS } from '@puribox/contract/admin-content'
import { REASON_RULE as NAMED } from '../kit/reason-field'
import type { TextRule } from './inquiry-form-errors'

// The reason field is the console's (kit/); this area's checks also need the reason's longest length.
export { ReasonField } from '../kit/reason-field'

/** The reason's rule in a form's messages. */
export const REASON_RULE: TextRule = { ...NAMED, max: CONTENT_ADMIN_LIMITS.reasonMax }
