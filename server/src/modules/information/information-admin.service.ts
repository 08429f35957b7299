import {
  type AdminInformationHistory,
  type AdminInformationList,
  type AdminInformationPage,
  type AdminInformationPublished,
  type AdminInformationVersion,
  INFORMATION_ADMIN_LIMITS,
  type InformationDraftChange,
  type InformationDraftCreate,
  type InformationHistoryQuery,
  type InformationPolicy,
  type InformationPublish,
  type InformationRendering,
  type InformationState,
  type InformationStep,
} from '@puribox/contract/admin-information'
import { POLICY_PAGES } from '@puribox/contract/information'
import { INFORMATION_PAGES, type InformationPage } from '@puribox/contract/pages'
import { POLICY_KINDS, type PolicyKind } from '@puribox/contract/policies'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { Actor } from '../actor'
import type { ChangeContext } from '../change'
import type { PolicyService } from '../policies/policies.service'
import { can, type InformationAction } from './information.policy'
import type { InformationDocumentRow } from './information.repository'
import type {
  InformationAdminRepository,
  InformationStepDecision,
  VersionSummaryRow,
} from './information-admin.repository'
import { parseBody } from './markdown'

/** A label a version may have (printable ASCII, as the members' route reads them). */
const ANY_LABEL = /^[\x21-\x7e]{1,64}$/

function policyKindOf(page: InformationPage): PolicyKind | null {
  return POLICY_KINDS.find((kind) => POLICY_PAGES[kind] === page) ?? null
}

/** The state of a version at `now`, knowing the label of the page's current version. */
function stateOf(
  row: Pick<VersionSummaryRow, 'version' | 'publishedAt'>,
  now: Date,
  current: string | null,
): InformationState {
  if (row.publishedAt === null) return 'draft'
  if (row.publishedAt.getTime() > now.getTime()) return 'scheduled'
  return row.version === current ? 'current' : 'past'
}

function presentSummary(row: VersionSummaryRow, now: Date, current: string | null) {
  return {
    version: row.version,
    title: row.title,
    state: stateOf(row, now, current),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    characters: row.characters,
  }
}

/** The body as members' pages get it, and what they cannot show as written. */
function render(body: string): InformationRendering {
  const { blocks, issues } = parseBody(body)
  return { blocks, problems: issues, characters: [...body].length }
}

/**
 * The operators' side of the information pages and policies (decision 0078): the pages with their
 * versions, drafts written, changed and thrown away, publishing now or at a time to come, and a
 * schedule taken back. Every function takes the actor and asks the policy first; every change is one
 * transaction of the repository with its event, which the audit log records and on which the
 * policies module publishes (or takes back) a policy's version. A published version never changes.
 */
export function createInformationAdminService(deps: {
  repo: InformationAdminRepository
  policies: Pick<PolicyService, 'agreementsInForce'>
  clock: Clock
}) {
  const { repo, policies, clock } = deps

  function allow(actor: Actor, action: InformationAction): void {
    if (!can(actor, action)) throw new AppError('FORBIDDEN', `may not ${action} information pages`)
  }

  function changeBy(actor: Actor, reason: string | undefined): ChangeContext {
    return { actor, at: clock.now(), reason: reason || null }
  }

  async function policyOf(page: InformationPage): Promise<InformationPolicy | null> {
    const kind = policyKindOf(page)
    if (!kind) return null
    const { inForce, agreed } = await policies.agreementsInForce(kind)
    return { kind, inForce, agreedToInForce: agreed }
  }

  async function currentOf(page: InformationPage, now: Date): Promise<VersionSummaryRow | null> {
    return (await repo.currentVersions(now)).find((row) => row.page === page) ?? null
  }

  async function present(row: InformationDocumentRow, now: Date): Promise<AdminInformationVersion> {
    const current = await currentOf(row.page, now)
    return {
      page: row.page,
      version: row.version,
      title: row.title,
      body: row.body,
      state: stateOf(row, now, current?.version ?? null),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      policy: await policyOf(row.page),
      ...render(row.body),
    }
  }

  async function pageOf(page: InformationPage, now: Date): Promise<AdminInformationPage> {
    const [current, open, policy] = await Promise.all([
      currentOf(page, now),
      repo.openVersions(now, page),
      policyOf(page),
    ])
    const label = current?.version ?? null
    return {
      page,
      policy,
      current: current ? presentSummary(current, now, label) : null,
      scheduled: open.filter((row) => row.publishedAt !== null).map((row) => presentSummary(row, now, label)),
      drafts: open.filter((row) => row.publishedAt === null).map((row) => presentSummary(row, now, label)),
    }
  }

  function notFound(): AppError {
    return new AppError('INFORMATION_VERSION_NOT_FOUND', 'this page has no version of this label')
  }

  /** Takes a step with a version, answering it as it is after. */
  async function step(
    actor: Actor,
    page: InformationPage,
    version: string,
    reason: string | undefined,
    decide: (row: InformationDocumentRow, now: Date) => InformationStepDecision,
  ): Promise<InformationDocumentRow | 'discarded'> {
    if (!ANY_LABEL.test(version)) throw notFound()
    const change = changeBy(actor, reason)
    const result = await repo.step(page, version, change, (row) => decide(row, change.at))
    if (result === null) throw notFound()
    if (result === 'taken') {
      throw new AppError('INFORMATION_VERSION_TAKEN', 'this page has a version of this label already')
    }
    return result
  }

  /** INFORMATION_VERSION_PUBLISHED unless the version is a draft: a published one never changes. */
  function requireDraft(row: InformationDocumentRow, now: Date, what: string): void {
    if (row.publishedAt === null) return
    const scheduled = row.publishedAt.getTime() > now.getTime()
    throw new AppError(
      'INFORMATION_VERSION_PUBLISHED',
      scheduled
        ? `a scheduled version cannot be ${what}: take the schedule back first`
        : `a published version cannot be ${what}: write a new version`,
    )
  }

  return {
    async list(actor: Actor): Promise<AdminInformationList> {
      allow(actor, 'read')
      const now = clock.now()
      const [current, open] = await Promise.all([repo.currentVersions(now), repo.openVersions(now)])
      return {
        documents: INFORMATION_PAGES.map((page) => {
          const here = current.find((row) => row.page === page) ?? null
          const label = here?.version ?? null
          const mine = open.filter((row) => row.page === page)
          return {
            page,
            policyKind: policyKindOf(page),
            current: here ? presentSummary(here, now, label) : null,
            scheduled: mine
              .filter((row) => row.publishedAt !== null)
              .map((row) => presentSummary(row, now, label)),
            drafts: mine.filter((row) => row.publishedAt === null).length,
          }
        }),
      }
    },

    async page(actor: Actor, page: InformationPage): Promise<AdminInformationPage> {
      allow(actor, 'read')
      return pageOf(page, clock.now())
    },

    async history(
      actor: Actor,
      page: InformationPage,
      query: InformationHistoryQuery,
    ): Promise<AdminInformationHistory> {
      allow(actor, 'read')
      const now = clock.now()
      const after = query.after !== undefined && ANY_LABEL.test(query.after) ? query.after : undefined
      if (query.after !== undefined && after === undefined) return { items: [], next: null }
      const [rows, current] = await Promise.all([
        repo.history(page, now, after, query.limit),
        currentOf(page, now),
      ])
      const items = rows.slice(0, query.limit)
      return {
        items: items.map((row) => presentSummary(row, now, current?.version ?? null)),
        next: rows.length > query.limit ? (items.at(-1)?.version ?? null) : null,
      }
    },

    async version(actor: Actor, page: InformationPage, version: string): Promise<AdminInformationVersion> {
      allow(actor, 'read')
      if (!ANY_LABEL.test(version)) throw notFound()
      const row = await repo.find(page, version)
      if (!row) throw notFound()
      return present(row, clock.now())
    },

    /** The body as members' pages would get it, and its problems; nothing is stored. */
    preview(actor: Actor, body: string): InformationRendering {
      allow(actor, 'preview')
      return render(body)
    },

    /** A new draft: members do not see it until it is published. It may hold problems while written. */
    async createDraft(
      actor: Actor,
      page: InformationPage,
      input: InformationDraftCreate,
    ): Promise<AdminInformationVersion> {
      allow(actor, 'create')
      const change = changeBy(actor, input.reason)
      const fields = { version: input.version, title: input.title, body: input.body }
      const row = await repo.createDraft(page, fields, change, INFORMATION_ADMIN_LIMITS.openVersionsMax)
      if (row === 'taken') {
        throw new AppError('INFORMATION_VERSION_TAKEN', 'this page has a version of this label already')
      }
      if (row === 'full') {
        throw new AppError(
          'INFORMATION_DRAFTS_FULL',
          `a page holds at most ${INFORMATION_ADMIN_LIMITS.openVersionsMax} drafts and scheduled versions`,
        )
      }
      return present(row, change.at)
    },

    /** Changes the fields given of a draft; a published or scheduled version never changes. */
    async changeDraft(
      actor: Actor,
      page: InformationPage,
      version: string,
      input: InformationDraftChange,
    ): Promise<AdminInformationVersion> {
      allow(actor, 'change')
      const { reason, ...given } = input
      const row = await step(actor, page, version, reason, (found, now) => {
        requireDraft(found, now, 'changed')
        return { event: 'information.draft-changed', fields: given }
      })
      if (row === 'discarded') throw notFound()
      return present(row, clock.now())
    },

    /** Throws a draft away (the audit log keeps what it held); answers the page as it is after. */
    async discardDraft(
      actor: Actor,
      page: InformationPage,
      version: string,
      input: InformationStep,
    ): Promise<AdminInformationPage> {
      allow(actor, 'discard')
      await step(actor, page, version, input.reason, (found, now) => {
        requireDraft(found, now, 'discarded')
        return { event: 'information.draft-discarded' }
      })
      return pageOf(page, clock.now())
    },

    /**
     * Publishes a draft, or a scheduled version again, now or at a time to come. Its body must show
     * as written. For a policy's page, the policy's version is published with it (the policies
     * module, on the event) and `askedAgain` says how many members had agreed to the version in
     * force, each asked to agree again once this one is.
     */
    async publish(
      actor: Actor,
      page: InformationPage,
      version: string,
      input: InformationPublish,
    ): Promise<AdminInformationPublished> {
      allow(actor, 'publish')
      const policy = await policyOf(page)
      const at = input.publishAt === undefined ? null : new Date(input.publishAt)
      const row = await step(actor, page, version, input.reason, (found, now) => {
        if (found.publishedAt !== null && found.publishedAt.getTime() <= now.getTime()) {
          throw new AppError('INFORMATION_VERSION_PUBLISHED', 'this version is published already')
        }
        const { blocks, problems } = parseBody(found.body)
        if (blocks.length === 0 || problems.length > 0) {
          throw new AppError(
            'INFORMATION_MARKDOWN_UNSUPPORTED',
            blocks.length === 0
              ? 'the body shows nothing'
              : `the body cannot be shown as written: ${problems.join('; ')}`,
          )
        }
        if (at !== null && !(at.getTime() > now.getTime())) {
          throw new AppError('SCHEDULE_IN_PAST', 'the time to publish at has passed')
        }
        return {
          event: at === null ? 'information.published' : 'information.scheduled',
          fields: { publishedAt: at ?? now },
        }
      })
      if (row === 'discarded') throw notFound()
      const presented = await present(row, clock.now())
      return { ...presented, askedAgain: policy ? policy.agreedToInForce : null }
    },

    /** Takes a scheduled version back to a draft before its time; a policy's version goes with it. */
    async unschedule(
      actor: Actor,
      page: InformationPage,
      version: string,
      input: InformationStep,
    ): Promise<AdminInformationVersion> {
      allow(actor, 'unschedule')
      const row = await step(actor, page, version, input.reason, (found, now) => {
        if (found.publishedAt === null) {
          throw new AppError('INFORMATION_NOT_SCHEDULED', 'this version is a draft: it has no schedule')
        }
        if (found.publishedAt.getTime() <= now.getTime()) {
          throw new AppError('INFORMATION_VERSION_PUBLISHED', 'the time has come: members see this version')
        }
        return { event: 'information.unscheduled', fields: { publishedAt: null } }
      })
      if (row === 'discarded') throw notFound()
      return present(row, clock.now())
    },
  }
}

export type InformationAdminService = ReturnType<typeof createInformationAdminService>
