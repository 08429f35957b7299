import adminContent from '../../locales/ja/adminContent.json'
import { CONTENT_ERRORS } from './content-messages'

/** Help's sentences for the server's error codes, before the content areas' (ORDER_STALE is help's own here). */
export const HELP_ERRORS: Readonly<Record<string, string>> = {
  ...CONTENT_ERRORS,
  ...adminContent.help.errors,
}
