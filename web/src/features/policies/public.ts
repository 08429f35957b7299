/**
 * What other features may use of the policies: the two policies a registration shows and agrees
 * to before the account exists (the agreement page itself is this feature's own screen).
 */
export { type PolicyConsent, PolicyConsentBoxes, usePolicyConsent } from './components/policy-consent'
