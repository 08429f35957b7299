import { createTranslator } from '../../lib/i18n'
import admin from '../../locales/ja/admin.json'
import adminContent from '../../locales/ja/adminContent.json'
import adminCoupons from '../../locales/ja/adminCoupons.json'

/** The coupons area's texts (its own locale file), beside the content areas' and the console's. */
export const t = createTranslator({ admin, adminContent, adminCoupons })

/** The coupons area's sentences for the server's error codes, then the content areas' (then the common ones). */
export const COUPON_ERRORS: Readonly<Record<string, string>> = {
  ...adminContent.errors,
  ...adminCoupons.errors,
}
