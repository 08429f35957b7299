/** PuriBox's support: where inquiries are mailed (decision 0046), and where people may write by mail. */
export const SUPPORT_MAIL_ADDRESS = 'support@puribox.jp'
