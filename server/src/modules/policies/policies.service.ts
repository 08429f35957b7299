import type { AgreedPolicy } from '@puribox/contract/external-auth'
import {
  type AgreePoliciesBody,
  isPolicyKind,
  type LatestPolicies,
  POLICY_KINDS,
  POLICY_LIMITS,
  type PolicyKind,
  type PolicyStatuses,
} from '@puribox/contract/policies'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { AppError } from '../../http/errors'
import type { Clock } from '../../ports/clock'
import type { PoliciesRepository, PolicyDocumentRow, PolicyVersion } from './policies.repository'

const keyOf = (v: PolicyVersion) => `${v.kind}:${v.version}`

/** A version label a publisher may choose: printable ASCII without spaces, e.g. `2026-04-01`. */
const VERSION_LABEL = new RegExp(`^[\\x21-\\x7e]{1,${POLICY_LIMITS.versionMax}}$`)

/** The latest documents in the contract's order of kinds (furyu, then puribox). */
function inKindOrder(rows: PolicyDocumentRow[]): PolicyDocumentRow[] {
  return [...rows].sort((a, b) => POLICY_KINDS.indexOf(a.kind) - POLICY_KINDS.indexOf(b.kind))
}

/**
 * The privacy-policy agreement: which versions are in force, whether a member agreed to them, and
 * recording an agreement. A member must agree to the latest version of every kind, all at once. A
 * version is in force from its publication time: one the console scheduled for later is not yet,
 * and needs no job to become so (the server's clock decides, not a session's time travel, so the
 * policy in force and its text on the information page agree for everyone).
 */
export function createPolicyService(deps: { repo: PoliciesRepository; clock: Clock }) {
  const { repo, clock } = deps
  const inForceNow = () => repo.latestDocuments(clock.now())

  async function statuses(accountId: string, latest: PolicyDocumentRow[]): Promise<PolicyStatuses> {
    const ordered = inKindOrder(latest)
    const agreed = await repo.agreedKeys(accountId, ordered)
    return {
      policies: ordered.map((doc) => ({
        kind: doc.kind,
        version: doc.version,
        url: doc.url,
        agreed: agreed.has(keyOf(doc)),
      })),
    }
  }

  /**
   * The versions an agreement names, when they are every kind, each in its latest version; otherwise
   * the typed error of decision 0007's table. Checks only: nothing is written.
   */
  async function checkAgreement(policies: readonly AgreedPolicy[]): Promise<PolicyVersion[]> {
    const unknownKind = policies.find((policy) => !isPolicyKind(policy.kind))
    if (unknownKind) throw new AppError('POLICY_KIND_UNKNOWN', 'kinds are furyu and puribox')
    const sent = policies as PolicyVersion[]
    const missing = POLICY_KINDS.filter((kind) => !sent.some((policy) => policy.kind === kind))
    if (missing.length > 0) {
      throw new AppError('POLICY_AGREEMENT_INCOMPLETE', `every kind at once; missing ${missing.join(', ')}`)
    }

    // No label has such characters (NUL would even upset the database): unknown, without asking it.
    if (sent.some((policy) => !VERSION_LABEL.test(policy.version))) {
      throw new AppError('POLICY_VERSION_UNKNOWN', 'no such version of this policy')
    }
    const now = clock.now()
    const latest = await repo.latestDocuments(now)
    const latestKeys = new Set(latest.map(keyOf))
    const notLatest = sent.filter((policy) => !latestKeys.has(keyOf(policy)))
    if (notLatest.length > 0) {
      const published = await repo.publishedKeys(notLatest, now)
      if (notLatest.some((policy) => !published.has(keyOf(policy)))) {
        throw new AppError('POLICY_VERSION_UNKNOWN', 'no such version of this policy')
      }
      throw new AppError('POLICY_VERSION_OUTDATED', 'a newer version was published: read it and agree again')
    }
    return [...new Set(sent.map(keyOf))].map((key) => {
      const doc = latest.find((each) => keyOf(each) === key)!
      return { kind: doc.kind, version: doc.version }
    })
  }

  return {
    /** The latest version of each published kind, and whether the account agreed to it. */
    async latestStatuses(accountId: string): Promise<PolicyStatuses> {
      return statuses(accountId, await inForceNow())
    },

    /** The latest version of each published kind, for anyone (a registration shows them). */
    async latest(): Promise<LatestPolicies> {
      const ordered = inKindOrder(await inForceNow())
      return { policies: ordered.map(({ kind, version, url }) => ({ kind, version, url })) }
    },

    /**
     * True when the account has not agreed to the latest version of every published kind: it should
     * see the agreement page (`links.policyAgreement`) before going on. False when nothing is published.
     */
    async needsAgreement(accountId: string): Promise<boolean> {
      const { policies } = await statuses(accountId, await inForceNow())
      return policies.some((policy) => !policy.agreed)
    },

    /**
     * Why the account must agree before going on, or null when it need not: `REVISED` when it agreed
     * to an earlier version of a policy (a newer one was published since), `FIRST` when it has never
     * agreed to anything. The agreement page words its lead by it.
     */
    async agreementNeeded(accountId: string): Promise<'FIRST' | 'REVISED' | null> {
      const { policies } = await statuses(accountId, await inForceNow())
      if (policies.every((policy) => policy.agreed)) return null
      return (await repo.hasAgreed(accountId)) ? 'REVISED' : 'FIRST'
    },

    checkAgreement,

    /**
     * Records that the account agreed to these versions, which the caller checked
     * (`checkAgreement`), in the caller's transaction when it gives one: the one that makes the
     * account, for a registration that agreed while registering.
     */
    recordAgreements: repo.recordAgreements,

    /** The versions in force: each kind's latest (the demo accounts have agreed to them). */
    async inForce(): Promise<PolicyVersion[]> {
      return inKindOrder(await inForceNow()).map(({ kind, version }) => ({ kind, version }))
    },

    /**
     * Records the account's agreement to the latest versions. Every kind must be there, each with its
     * latest version; otherwise a typed error and nothing is written. Agreeing again is harmless.
     */
    async agree(accountId: string, body: AgreePoliciesBody, now: Date): Promise<PolicyStatuses> {
      const versions = await checkAgreement(body.policies)
      await repo.recordAgreements(accountId, versions, now)
      return statuses(accountId, await inForceNow())
    },

    /**
     * The version of a kind in force now and how many accounts agreed to it: they are the members
     * a newer version asks to agree again (the console says so before publishing one).
     */
    async agreementsInForce(kind: PolicyKind): Promise<{ inForce: string | null; agreed: number }> {
      const latest = (await inForceNow()).find((doc) => doc.kind === kind)
      if (!latest) return { inForce: null, agreed: 0 }
      return { inForce: latest.version, agreed: await repo.agreementCount(latest) }
    },

    /**
     * Publishes a new version of a policy. The version published last is in force at once: every
     * member must agree again. (The operator console will call this; until then a migration does.)
     */
    async publish(document: PolicyDocument): Promise<PolicyDocumentRow> {
      checkDocument(document)
      const existing = await repo.publishedKeys([document])
      if (existing.has(keyOf(document))) {
        throw new AppError('VALIDATION_FAILED', 'this version was published already')
      }
      return repo.publish(document)
    },

    /**
     * Publishes a version unless it exists (then left as it is, link included): what the start-up
     * seed of the information pages does for the policies' full texts (decision 0038). A version
     * older than the one in force changes nothing for anyone: the latest is still in force.
     */
    async ensurePublished(document: PolicyDocument): Promise<boolean> {
      checkDocument(document)
      return repo.publishIfAbsent(document)
    },
  }
}

interface PolicyDocument {
  kind: PolicyKind
  version: string
  /** The full text: a path of this site (the information page of that version). */
  url: string
  publishedAt: Date
}

function checkDocument(document: PolicyDocument): void {
  if (!VERSION_LABEL.test(document.version)) {
    throw new AppError('VALIDATION_FAILED', 'a version is 1-64 printable ASCII characters')
  }
  if (sameOriginPath(document.url) === null) {
    throw new AppError('VALIDATION_FAILED', 'the url is a path of this site')
  }
}

export type PolicyService = ReturnType<typeof createPolicyService>
