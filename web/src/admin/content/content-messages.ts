import adminContent from '../../locales/ja/adminContent.json'

/** The content areas' sentences for the server's error codes (then the common ones, lib/error-message.ts). */
export const CONTENT_ERRORS: Readonly<Record<string, string>> = adminContent.errors
