/** The content id the mail's HTML part shows the logo by (an inline attachment of the mail itself). */
export const MAIL_LOGO_CID = 'logo@puribox.jp'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * The HTML part of a mail, beside its plain text: PuriBox's logo at the top (when the web build drew
 * one, as an attachment of the mail: nothing is fetched from elsewhere when it is opened), then the
 * plain text itself, escaped (a mail can carry words someone typed), its lines and spaces kept, and
 * its web addresses made links.
 */
export function mailHtml(text: string, withLogo: boolean): string {
  const escaped = text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
  // After escaping, an address holds no quote or angle bracket, so it cannot leave its attribute.
  const linked = escaped.replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" style="color:#c8006f">${url}</a>`,
  )
  const logo = withLogo
    ? `<p style="margin:0 0 20px"><img src="cid:${MAIL_LOGO_CID}" alt="PuriBox" width="180" height="44" style="display:block;border:0"></p>`
    : ''
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;padding:24px 16px;background:#fdf6fa"><div style="max-width:560px;margin:0 auto;padding:24px 20px;background:#ffffff;border-radius:16px;color:#1f1a2e;font-family:-apple-system,'Hiragino Sans','Noto Sans CJK JP',sans-serif;font-size:15px;line-height:1.7">${logo}<div style="white-space:pre-wrap;word-break:break-word">${linked}</div></div></body></html>`
}
