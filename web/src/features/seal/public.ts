/**
 * What other features and the shell may use of the seal feature: the seal-ID entry and its failures,
 * and the addresses of the seal pages. Everything else is its own.
 */
export { SealIdForm } from './components/seal-id-form'
export { SealLookupProblem } from './components/seal-lookup-problem'
export { mypageSavePath, previewPath, puriGetPath } from './seal-paths'
