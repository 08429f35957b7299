import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { HelpDocument } from '@puribox/contract/help'
import { formatJst } from '@puribox/contract/time'
import { sha256 } from '../../crypto/hash'
import type { Clock } from '../../ports/clock'
import { bundledHelp, helpSeedRows } from './help.content'
import type { HelpRepository, HelpRows } from './help.repository'

/** The help document as it is sent: its bytes, compressed once per version, and its entity tag. */
export interface HelpFile {
  etag: string
  json: Buffer
  br: Buffer
  gzip: Buffer
}

/** How stale a process's copy of the help may get: an operator's edit reaches every process within it. */
export const HELP_REFRESH_MS = 60_000

/** The document the rows make: categories in order, each with its answers; a related id gone is left out. */
export function helpDocumentOf(rows: HelpRows): HelpDocument {
  const answerIds = new Set(rows.answers.map((answer) => answer.id))
  return {
    updatedAt: rows.updatedAt ? formatJst(rows.updatedAt) : null,
    categories: rows.categories.map((category) => ({
      id: category.id,
      title: category.title,
      lead: category.lead,
      answers: rows.answers
        .filter((answer) => answer.categoryId === category.id)
        .map((answer) => ({
          id: answer.id,
          question: answer.question,
          body: answer.body,
          keywords: answer.keywords,
          related: answer.related.filter((id) => id !== answer.id && answerIds.has(id)),
          featured: answer.featured,
        })),
    })),
  }
}

/**
 * Help (decision 0039): written from the bundled help at start, served as one static JSON document.
 * Each process keeps the document it last built, with its compressed copies, and reads the rows
 * again once it is HELP_REFRESH_MS old; the compression is redone only when the bytes change.
 */
export function createHelpService(deps: { repo: HelpRepository; clock: Clock; refreshMs?: number }) {
  const refreshMs = deps.refreshMs ?? HELP_REFRESH_MS
  let current: { readAt: number; file: HelpFile } | null = null
  /** Moves at every change this process makes: a reading begun before it must not be kept. */
  let generation = 0
  let reading: { generation: number; file: Promise<HelpFile> } | null = null

  const build = async (): Promise<HelpFile> => {
    const json = Buffer.from(JSON.stringify(helpDocumentOf(await deps.repo.readAll())))
    const etag = `"${sha256(json.toString('utf8'), 'base64url').slice(0, 27)}"`
    if (current?.file.etag === etag) return current.file
    return {
      etag,
      json,
      br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(json, { level: 9 }),
    }
  }

  const read = (): Promise<HelpFile> => {
    if (reading?.generation === generation) return reading.file
    const started = generation
    const file: Promise<HelpFile> = build()
      .then((built) => {
        if (started === generation) current = { readAt: deps.clock.now().getTime(), file: built }
        return built
      })
      .finally(() => {
        if (reading?.file === file) reading = null
      })
    reading = { generation: started, file }
    return file
  }

  return {
    /** Writes the bundled help into the database (every start, every environment); keeps operators' edits. */
    async seed(): Promise<void> {
      await deps.repo.seed(helpSeedRows(bundledHelp()), deps.clock.now())
      generation += 1
      current = null
    },

    /**
     * The help changed (an operator's edit): this process builds its document again at the next
     * request; the others within HELP_REFRESH_MS.
     */
    changed(): void {
      generation += 1
      current = null
    },

    /** The help document to send, as fresh as HELP_REFRESH_MS allows. */
    async file(): Promise<HelpFile> {
      const age = current ? deps.clock.now().getTime() - current.readAt : Number.POSITIVE_INFINITY
      if (current && age >= 0 && age < refreshMs) return current.file
      try {
        return await read()
      } catch (error) {
        // The database failed to answer: the copy in hand is better than no help at all.
        if (current) return current.file
        throw error
      }
    },
  }
}

export type HelpService = ReturnType<typeof createHelpService>
