import {
  type Block,
  INFORMATION_LIMITS,
  type InformationDocument,
  isInformationPage,
  POLICY_PAGES,
  policyUrl,
} from '@puribox/contract/information'
import type { InformationPage } from '@puribox/contract/pages'
import type { PolicyKind } from '@puribox/contract/policies'
import { formatJst } from '@puribox/contract/time'
import { LRUCache } from 'lru-cache'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { PolicyService } from '../policies/policies.service'
import type { InformationRepository, NewInformationDocument } from './information.repository'
import { parseBody } from './markdown'

/** A version label: printable ASCII without spaces, e.g. `2026-04-01` (as for policies). */
const VERSION_LABEL = new RegExp(`^[\\x21-\\x7e]{1,${INFORMATION_LIMITS.versionMax}}$`)
// Control characters (C0, DEL, C1), and the line and paragraph separators.
const CONTROL = /[\p{Cc}\u2028\u2029]/u

/** The policy whose full text a page is, if it is one (the privacy policy, the contract). */
const policyOfPage = new Map<InformationPage, PolicyKind>(
  Object.entries(POLICY_PAGES).map(([kind, page]) => [page, kind as PolicyKind]),
)

interface Rendered {
  title: string
  publishedAt: Date
  blocks: Block[]
}

/** What the start-up seed did with each document. */
export interface SeedOutcome {
  page: InformationPage
  version: string
  /** `differs`: that version exists with another title or body; it was left as it was. */
  outcome: 'published' | 'unchanged' | 'differs'
}

/**
 * The information pages (decision 0038): the version of a page in force (the one published last up
 * to now) or a given one, and publishing. A published version never changes; a change is a new
 * version. The privacy policy's and the data-transmission contract's texts are the policies members
 * agree to: publishing one publishes the policy version too, its link naming that version of the
 * page. Drafts and versions scheduled for later (the console's, decision 0078) are not read here:
 * members see a version from its time on, by the server's clock, as the policies module decides
 * which version is in force.
 */
export function createInformationService(deps: {
  repo: InformationRepository
  policies: PolicyService
  clock: Clock
}) {
  const { repo, policies, clock } = deps
  // A version never changes once published, so its blocks are kept, whichever process reads it.
  const rendered = new LRUCache<string, Rendered>({ max: 200 })

  /** The checks every document passes before it is stored: a page, a label, a title, a body we can show. */
  function check(document: NewInformationDocument): void {
    if (!isInformationPage(document.page)) throw new AppError('VALIDATION_FAILED', 'no such page')
    if (!VERSION_LABEL.test(document.version)) {
      throw new AppError('VALIDATION_FAILED', 'a version is 1-64 printable ASCII characters')
    }
    const title = document.title
    if (title.trim() === '' || title.length > INFORMATION_LIMITS.titleMax || CONTROL.test(title)) {
      throw new AppError('VALIDATION_FAILED', 'a title is one line of 1-100 characters')
    }
    if (document.body.length > INFORMATION_LIMITS.bodyMax) {
      throw new AppError('VALIDATION_FAILED', 'the body is too long')
    }
    if (Number.isNaN(document.publishedAt.getTime())) {
      throw new AppError('VALIDATION_FAILED', 'publishedAt is not a date')
    }
    const { blocks, problems } = parseBody(document.body)
    if (blocks.length === 0) throw new AppError('VALIDATION_FAILED', 'the body is empty')
    if (problems.length > 0) {
      throw new AppError('VALIDATION_FAILED', `the body cannot be shown as written: ${problems.join('; ')}`)
    }
  }

  /** The policy version whose full text this document is, pointing at it (none for other pages). */
  function policyVersionOf(document: NewInformationDocument) {
    const kind = policyOfPage.get(document.page)
    if (!kind) return null
    return {
      kind,
      version: document.version,
      url: policyUrl(kind, document.version),
      publishedAt: document.publishedAt,
    }
  }

  return {
    /**
     * A page's version: the one asked for, or the one published last. NOT_FOUND for a page that is
     * not one, a version never published (or not a possible label), or a page with nothing published.
     */
    async read(page: string, version: string | undefined): Promise<InformationDocument> {
      if (!isInformationPage(page)) throw new AppError('NOT_FOUND', 'no such information page')
      // No label has such characters (NUL would even upset the database): unknown, without asking it.
      if (version !== undefined && !VERSION_LABEL.test(version)) {
        throw new AppError('NOT_FOUND', 'no such version of this page')
      }
      const now = clock.now()
      const versions = await repo.versions(page, INFORMATION_LIMITS.versionsListed, now)
      const chosen = version ?? versions[0]?.version
      if (chosen === undefined) throw new AppError('NOT_FOUND', 'nothing published on this page')

      const key = `${page}\u0000${chosen}`
      let document = rendered.get(key)
      if (!document) {
        const row = await repo.findPublished(page, chosen, now)
        if (!row) throw new AppError('NOT_FOUND', 'no such version of this page')
        document = { title: row.title, publishedAt: row.publishedAt, blocks: parseBody(row.body).blocks }
        rendered.set(key, document)
      }
      return {
        page,
        title: document.title,
        version: chosen,
        publishedAt: formatJst(document.publishedAt),
        versions: versions.map((v) => ({ version: v.version, publishedAt: formatJst(v.publishedAt) })),
        blocks: document.blocks,
      }
    },

    /**
     * Publishes a version of a page at its `publishedAt`, with no actor and no event: the tests' way
     * to have a text published (the console writes drafts and publishes them through
     * `InformationAdminService`). The privacy policy's and the contract's also publish the policy
     * version, so members are asked to agree to exactly this text. VALIDATION_FAILED for a version
     * that exists or a body that cannot be shown as written (raw HTML, an unsafe link, …).
     */
    async publish(document: NewInformationDocument): Promise<void> {
      check(document)
      if (!(await repo.insertIfAbsent(document))) {
        throw new AppError('VALIDATION_FAILED', 'this version was published already')
      }
      // After the text: a policy version is never in force without its text to link to.
      const policy = policyVersionOf(document)
      if (policy) await policies.ensurePublished(policy)
    },

    /**
     * The texts PuriBox ships (every start, in every environment): each version not yet there is
     * published, with its policy version for the two policies' texts; a version there is left as
     * it is, and `differs` when the shipped text is not the stored one (a published text never
     * changes: ship a new version instead), or when an operator's draft holds that label (then its
     * policy version is not published either: a policy is never in force without its text). A
     * shipped text that fails the checks throws.
     */
    async seed(documents: readonly NewInformationDocument[]): Promise<SeedOutcome[]> {
      const outcomes: SeedOutcome[] = []
      for (const document of documents) {
        check(document)
        const policy = policyVersionOf(document)
        // The text first, as for publishing.
        const inserted = await repo.insertIfAbsent(document)
        const stored = inserted ? null : await repo.find(document.page, document.version)
        const draft = stored !== null && stored.publishedAt === null
        if (policy && !draft) await policies.ensurePublished(policy)
        let outcome: SeedOutcome['outcome'] = 'published'
        if (stored) {
          outcome =
            !draft && stored.title === document.title && stored.body === document.body
              ? 'unchanged'
              : 'differs'
        }
        outcomes.push({ page: document.page, version: document.version, outcome })
      }
      return outcomes
    },
  }
}

export type InformationService = ReturnType<typeof createInformationService>
