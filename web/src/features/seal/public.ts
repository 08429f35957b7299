/**
 * What other features and the shell may use of the seal feature: the seal-ID entry and its failures
 * (with where the caller stands with the penalty), and the addresses of the seal pages. Everything
 * else is its own.
 */
export { SealIdForm } from './components/seal-id-form'
export { SealLookupProblem } from './components/seal-lookup-problem'
export { purigetStandingOf } from './penalty-notice'
export { mypageSavePath, previewPath, puriGetPath, signUpFrom, sourceOf } from './seal-paths'
