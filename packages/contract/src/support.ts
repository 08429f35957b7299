/** Where people write to PuriBox's support by mail (the interim inquiry page, and later the mails). */
export const SUPPORT_MAIL_ADDRESS = 'support@puribox.jp'
