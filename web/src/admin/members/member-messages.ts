import adminMembers from '../../locales/ja/adminMembers.json'

/** The area's sentences for the server's error codes (then the common ones, lib/error-message.ts). */
export const MEMBER_ERRORS: Readonly<Record<string, string>> = adminMembers.errors
