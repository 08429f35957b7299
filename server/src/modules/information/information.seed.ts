import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { InformationPage } from '@puribox/contract/pages'
import { serverRoot } from '../../paths'
import type { NewInformationDocument } from './information.repository'

/**
 * The texts PuriBox ships, published at every start in every environment, production included
 * (decision 0038): the legal pages must exist wherever PuriBox runs. Each is a Markdown file,
 * `content/<page>/<version>.md`, whose first line is the title (`# …`). The Japanese lives in those
 * files, not in code. A new version is a new file and a new line here; a published file is never
 * edited (the start-up logs a warning when one differs from what is stored).
 */
export const SHIPPED_DOCUMENTS: readonly { page: InformationPage; version: string; publishedAt: string }[] = [
  { page: 'terms', version: '2026-04-01', publishedAt: '2026-04-01T00:00:00+09:00' },
  { page: 'privacyPolicy', version: '2026-04-01', publishedAt: '2026-04-01T00:00:00+09:00' },
  { page: 'puriTerms', version: '2026-04-01', publishedAt: '2026-04-01T00:00:00+09:00' },
  { page: 'paymentTerms', version: '2026-04-01', publishedAt: '2026-04-01T00:00:00+09:00' },
  { page: 'paymentProvider', version: '2026-04-01', publishedAt: '2026-04-01T00:00:00+09:00' },
  { page: 'operatingPolicy', version: '2026-04-01', publishedAt: '2026-04-01T00:00:00+09:00' },
  { page: 'privacy', version: '2026-04-01', publishedAt: '2026-04-01T00:00:00+09:00' },
  { page: 'externalTransmission', version: '2026-04-01', publishedAt: '2026-04-01T00:00:00+09:00' },
]

export const CONTENT_DIR = path.join(serverRoot, 'src', 'modules', 'information', 'content')

/** A Markdown file split into its title (the first line, `# …`) and its body (the rest). */
export function splitTitle(markdown: string, file: string): { title: string; body: string } {
  const text = markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const newline = text.indexOf('\n')
  const first = newline === -1 ? text : text.slice(0, newline)
  if (!first.startsWith('# ')) throw new Error(`${file}: the first line is the title, "# …"`)
  return { title: first.slice(2).trim(), body: newline === -1 ? '' : text.slice(newline + 1).trim() }
}

/** The shipped documents, read from their files. */
export function loadShippedDocuments(dir = CONTENT_DIR): NewInformationDocument[] {
  return SHIPPED_DOCUMENTS.map(({ page, version, publishedAt }) => {
    const file = path.join(dir, page, `${version}.md`)
    return {
      page,
      version,
      ...splitTitle(readFileSync(file, 'utf8'), file),
      publishedAt: new Date(publishedAt),
    }
  })
}
