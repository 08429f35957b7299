import adminMembers from '../../locales/ja/adminMembers.json'
import { loadedOrWith } from '../kit/loaded-or'

/** The area's sentences for the server's error codes (then the common ones, lib/error-message.ts). */
export const MEMBER_ERRORS: Readonly<Record<string, string>> = adminMembers.errors

/** The console's LoadedOr (kit/loaded-or.tsx) with the area's error sentences. */
export const MemberLoadedOr = loadedOrWith(MEMBER_ERRORS)
