import { z } from 'zod'
import { INFORMATION_PAGES, INFORMATION_PATH_PREFIX, type InformationPage } from './pages'
import type { PolicyKind } from './policies'
import { wrapped } from './wrapper'

/**
 * The information pages (terms of service, privacy policy, …; decision 0038): versioned documents
 * kept in the database. `GET /sp/2/information/{page}` answers the latest published version, or the
 * one `?version=` names. The body is Markdown in the database (what an operator edits) and goes out
 * as the blocks below: text and a few safe structures, never HTML, so no text can put markup or
 * script on a page. The page names are in `pages.ts` (`INFORMATION_PAGES`), which the first load reads.
 */
export function isInformationPage(value: string): value is InformationPage {
  return (INFORMATION_PAGES as readonly string[]).includes(value)
}

export const INFORMATION_LIMITS = {
  /** Longest version label (printable ASCII without spaces, e.g. `2026-04-01`), as for policies. */
  versionMax: 64,
  /** Longest page name a request may carry (the longest page is far shorter). */
  pageMax: 64,
  titleMax: 100,
  /** Longest Markdown body a document may have, in characters. */
  bodyMax: 100_000,
  /** The versions listed with a document, newest first. */
  versionsListed: 50,
} as const

/**
 * The page a policy's full text is (the agreement page links to it): the privacy policy, and the
 * data-transmission contract, which is the external-transmission page.
 */
export const POLICY_PAGES: Record<PolicyKind, InformationPage> = {
  furyu: 'privacyPolicy',
  puribox: 'externalTransmission',
}

/** `/web/common/information/{page}`, with `?version=` when a version is named. */
export function informationPath(page: InformationPage, version?: string): string {
  const path = `${INFORMATION_PATH_PREFIX}${page}`
  return version === undefined ? path : `${path}?${new URLSearchParams({ version })}`
}

/** The full text of a policy's version: the information page of that exact version. */
export function policyUrl(kind: PolicyKind, version: string): string {
  return informationPath(POLICY_PAGES[kind], version)
}

const inlineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('strong'), text: z.string() }),
  z.object({
    type: z.literal('link'),
    text: z.string(),
    href: z
      .string()
      .describe('A path of this site, an https:// address (opened in a new tab) or a mailto: address.'),
  }),
  z.object({ type: z.literal('break') }),
])
export type Inline = z.infer<typeof inlineSchema>

const inlines = z.array(inlineSchema)

export const blockSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('heading'),
    /** 2: a chapter or an article (the page's title is the 1); 3: a part of one. */
    level: z.union([z.literal(2), z.literal(3)]),
    /** An anchor for the page's table of contents (`s1`, `s2`, … in the order of the headings). */
    id: z.string(),
    content: inlines,
  }),
  z.object({ type: z.literal('paragraph'), content: inlines }),
  z.object({
    type: z.literal('list'),
    ordered: z.boolean(),
    /** The first number of an ordered list. */
    start: z.number().int(),
    items: z.array(inlines),
  }),
  z.object({
    type: z.literal('table'),
    /** The column names. */
    head: z.array(inlines),
    /** Each row's cells, one per column. */
    rows: z.array(z.array(inlines)),
  }),
])
export type Block = z.infer<typeof blockSchema>

const wireDate = z.string().describe('YYYY-MM-DDTHH:mm:ss, Japan time')

export const informationVersionSchema = z.object({
  version: z.string(),
  publishedAt: wireDate,
})
export type InformationVersion = z.infer<typeof informationVersionSchema>

export const informationDocumentSchema = z.object({
  page: z.enum(INFORMATION_PAGES),
  title: z.string(),
  version: z.string(),
  publishedAt: wireDate,
  /** Every published version of the page, newest first (the first is the one in force), at most 50. */
  versions: z.array(informationVersionSchema),
  blocks: z.array(blockSchema),
})
export type InformationDocument = z.infer<typeof informationDocumentSchema>

export const informationParamsSchema = z.object({
  page: z.string().max(INFORMATION_LIMITS.pageMax),
})

export const informationQuerySchema = z.object({
  version: z.string().max(INFORMATION_LIMITS.versionMax).optional(),
})

export const informationResponse = wrapped(informationDocumentSchema)
