import adminBooths from '../../locales/ja/adminBooths.json'

/** The area's sentences for the server's error codes (then the common ones, lib/error-message.ts). */
export const BOOTH_ERRORS: Readonly<Record<string, string>> = adminBooths.errors
