import adminInquiries from '../../locales/ja/adminInquiries.json'

/** The area's sentences for the server's error codes (then the common ones, lib/error-message.ts). */
export const INQUIRY_ERRORS: Readonly<Record<string, string>> = adminInquiries.errors
