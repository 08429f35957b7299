import type { FastifyInstance } from 'fastify'

/**
 * What the sandboxes' pages share: plain HTML for people, phone-sized, with no script and nothing
 * inline: their rules come from a stylesheet of their own, so that they keep to the site's
 * Content-Security-Policy as they are (decision 0022).
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const BASE_STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP",sans-serif;background:#f4f5f7;color:#1f2328;line-height:1.6}' +
  'main{max-width:430px;margin:0 auto;padding:20px 16px 40px}' +
  '.badge{display:inline-block;margin:0;padding:2px 10px;border-radius:999px;background:#fde68a;color:#5c3d00;font-size:.8rem;font-weight:700}' +
  'h1{font-size:1.25rem;margin:12px 0 4px}h2{font-size:1rem;margin:0 0 8px}.lead{margin:0 0 16px;color:#57606a;font-size:.9rem}' +
  'section{background:#fff;border-radius:12px;padding:14px;margin:0 0 14px;border-top:6px solid var(--brand)}' +
  'form{margin:0}button{display:block;width:100%;min-height:48px;margin:8px 0 0;padding:10px 14px;border-radius:10px;font:inherit;font-weight:700;text-align:left;cursor:pointer}' +
  '.cancel{background:transparent;color:#57606a;border:2px solid #8c959f;text-align:center}' +
  'button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #0969da;outline-offset:2px}' +
  'a.top{display:inline-block;min-height:44px;line-height:44px;padding:0 20px;border-radius:999px;background:#c2006b;color:#fff;text-decoration:none;font-weight:700}'

/** The stylesheet a sandbox serves at `path`: the shared rules, then its own. */
export function serveSandboxStylesheet(app: FastifyInstance, path: string, rules: string): void {
  const css = `${BASE_STYLE}${rules}`
  app.get(path, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css),
  )
}

/** A whole page, styled by the sandbox's `stylesheet`; `mainClass` picks rules of it for the page. */
export function sandboxLayout(
  title: string,
  body: string,
  options: { stylesheet: string; mainClass?: string },
): string {
  const main = options.mainClass ? `<main class="${escapeHtml(options.mainClass)}">` : '<main>'
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${escapeHtml(options.stylesheet)}"></head><body>${main}${body}</main></body></html>`
}
