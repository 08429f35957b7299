// The reason field is the console's (kit/), under the names the booths area's forms import it by.
export { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
