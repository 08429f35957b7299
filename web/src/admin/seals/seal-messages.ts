import adminSeals from '../../locales/ja/adminSeals.json'

/** The area's sentences for the server's error codes (then the common ones, lib/error-message.ts). */
export const SEAL_ERRORS: Readonly<Record<string, string>> = adminSeals.errors
