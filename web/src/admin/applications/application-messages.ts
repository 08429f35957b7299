import adminApplications from '../../locales/ja/adminApplications.json'

/** The area's sentences for the server's error codes (then the common ones, lib/error-message.ts). */
export const APPLICATION_ERRORS: Readonly<Record<string, string>> = adminApplications.errors
