import { pushPlay } from '../../tools/booth-client'

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3210}`

/**
 * A play pushed by the demo booth (key `dev-booth-key`, seeded at start): regular puris, then raw
 * ones; `proof` marks every one a proof sample (a machine's test print).
 */
export function pushDemoPlay(options: { regular: number; raw: number; proof?: boolean }) {
  return pushPlay({ url: baseURL, key: 'dev-booth-key', width: 600, height: 900, ...options })
}
