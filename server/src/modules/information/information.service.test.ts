import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { INFORMATION_LIMITS, policyUrl } from '@puribox/contract/information'
import { INFORMATION_PAGES } from '@puribox/contract/pages'
import { beforeEach, describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import { resetDatabase, testDatabase } from '../../test/database'
import { createAccount } from '../../test/factories'
import { TEST_NOW } from '../../test/harness'
import { createPoliciesRepository } from '../policies/policies.repository'
import { policyDocuments } from '../policies/policies.schema'
import { createPolicyService } from '../policies/policies.service'
import { createInformationRepository, type NewInformationDocument } from './information.repository'
import { informationDocuments } from './information.schema'
import { loadShippedDocuments, SHIPPED_DOCUMENTS, splitTitle } from './information.seed'
import { createInformationService } from './information.service'
import { parseBody } from './markdown'

const APRIL = new Date('2026-04-01T00:00:00+09:00')

function document(overrides: Partial<NewInformationDocument> = {}): NewInformationDocument {
  return {
    page: 'terms',
    version: 'v1',
    title: 'Terms',
    body: '## Article 1\n\nThe first article.',
    publishedAt: APRIL,
    ...overrides,
  }
}

async function setUp() {
  const { db } = await testDatabase()
  const clock = fixedClock(TEST_NOW)
  const policies = createPolicyService({ repo: createPoliciesRepository(db), clock })
  const information = createInformationService({ repo: createInformationRepository(db), policies, clock })
  return { db, policies, information }
}

describe('the shipped documents', () => {
  const shipped = loadShippedDocuments()

  it('cover every information page, each with a title and a body a page can show as written', () => {
    expect(new Set(shipped.map((doc) => doc.page))).toEqual(new Set(INFORMATION_PAGES))
    for (const doc of shipped) {
      expect(doc.title.length, doc.page).toBeGreaterThan(0)
      expect(doc.title.length).toBeLessThanOrEqual(INFORMATION_LIMITS.titleMax)
      expect(doc.body.length).toBeLessThanOrEqual(INFORMATION_LIMITS.bodyMax)
      const { blocks, problems } = parseBody(doc.body)
      expect(problems, `${doc.page}@${doc.version}`).toEqual([])
      expect(blocks.length).toBeGreaterThan(5)
    }
  })

  it('link only to pages of the site that exist, and to https addresses', async () => {
    const { isPathOf, pages } = await import('@puribox/contract/pages')
    const known = (path: string) => pages.some((page) => isPathOf(page.path, path))
    for (const doc of shipped) {
      for (const block of parseBody(doc.body).blocks) {
        const inlines =
          block.type === 'table'
            ? [...block.head, ...block.rows.flat()].flat()
            : block.type === 'list'
              ? block.items.flat()
              : block.content
        for (const inline of inlines) {
          if (inline.type !== 'link') continue
          if (inline.href.startsWith('/')) {
            const path = inline.href.split(/[?#]/)[0]!
            expect(known(path), `${doc.page}: ${inline.href}`).toBe(true)
          } else {
            expect(inline.href, doc.page).toMatch(/^(https:\/\/|mailto:)/)
          }
        }
      }
    }
  })

  it('are read from content/<page>/<version>.md, the first line being the title', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'information-'))
    for (const { page, version } of SHIPPED_DOCUMENTS) {
      mkdirSync(path.join(dir, page), { recursive: true })
      writeFileSync(path.join(dir, page, `${version}.md`), `\uFEFF# ${page}\r\n\r\n## A\r\n\r\nText.\r\n`)
    }
    const loaded = loadShippedDocuments(dir)
    expect(loaded[0]).toEqual({
      page: SHIPPED_DOCUMENTS[0]!.page,
      version: SHIPPED_DOCUMENTS[0]!.version,
      title: SHIPPED_DOCUMENTS[0]!.page,
      body: '## A\n\nText.',
      publishedAt: new Date(SHIPPED_DOCUMENTS[0]!.publishedAt),
    })
    expect(() => splitTitle('## Not a title\n\nText', 'x.md')).toThrow('x.md: the first line is the title')
  })
})

describe('seeding at start', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('publishes every shipped document once: a second start changes nothing', async () => {
    const { db, information } = await setUp()
    const shipped = loadShippedDocuments()
    const first = await information.seed(shipped)
    expect(first.map((o) => o.outcome)).toEqual(shipped.map(() => 'published'))
    const rows = await db.select().from(informationDocuments)
    const second = await information.seed(shipped)
    expect(second.map((o) => o.outcome)).toEqual(shipped.map(() => 'unchanged'))
    expect(await db.select().from(informationDocuments)).toEqual(rows)
    expect(rows).toHaveLength(shipped.length)
  })

  it("publishes the policies' versions with them, linking to those very versions", async () => {
    const { db, information, policies } = await setUp()
    await information.seed(loadShippedDocuments())
    const rows = await db.select().from(policyDocuments).orderBy(policyDocuments.kind)
    expect(rows.map(({ kind, version, url, publishedAt }) => ({ kind, version, url, publishedAt }))).toEqual([
      {
        kind: 'furyu',
        version: '2026-04-01',
        url: '/web/common/information/privacyPolicy?version=2026-04-01',
        publishedAt: APRIL,
      },
      {
        kind: 'puribox',
        version: '2026-04-01',
        url: '/web/common/information/externalTransmission?version=2026-04-01',
        publishedAt: APRIL,
      },
    ])
    // And every policy in force has its text, in the version asked for.
    const account = await createAccount(db)
    for (const policy of (await policies.latestStatuses(account.id)).policies) {
      const url = new URL(policy.url, 'https://puribox.invalid')
      const page = url.pathname.split('/').pop()!
      const read = await information.read(page, url.searchParams.get('version')!)
      expect(read.version).toBe(policy.version)
    }
    // A second start leaves them as they are.
    await information.seed(loadShippedDocuments())
    expect(await db.select().from(policyDocuments)).toHaveLength(2)
  })

  it('leaves a stored version as it is when the shipped text differs, and says so', async () => {
    const { information } = await setUp()
    await information.seed([document()])
    const outcomes = await information.seed([document({ body: '## Article 1\n\nA quiet edit.' })])
    expect(outcomes).toEqual([{ page: 'terms', version: 'v1', outcome: 'differs' }])
    expect((await information.read('terms', 'v1')).blocks).toContainEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: 'The first article.' }],
    })
  })

  it('does not move the policy in force when an older version is shipped after a newer one', async () => {
    const { db, information, policies } = await setUp()
    await information.seed([
      document({
        page: 'privacyPolicy',
        version: '2026-12-01',
        // Published before the tests' "now": a version is in force from its publication time.
        publishedAt: new Date('2026-11-01T00:00:00+09:00'),
      }),
    ])
    await information.seed([document({ page: 'privacyPolicy', version: '2026-04-01' })])
    const account = await createAccount(db)
    expect((await policies.latestStatuses(account.id)).policies).toEqual([
      {
        kind: 'furyu',
        version: '2026-12-01',
        url: policyUrl('furyu', '2026-12-01'),
        agreed: false,
      },
    ])
    expect((await information.read('privacyPolicy', undefined)).version).toBe('2026-12-01')
  })

  it('refuses a shipped text a page cannot show as written', async () => {
    const { information } = await setUp()
    await expect(information.seed([document({ body: '<script>alert(1)</script>' })])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
  })
})

describe('publishing and reading', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it('serves the version published last; an older one stays readable by its label', async () => {
    const { information } = await setUp()
    await information.publish(document({ version: 'v1', title: 'Old' }))
    await information.publish(
      document({ version: 'v2', title: 'New', publishedAt: new Date('2026-10-01T00:00:00+09:00') }),
    )
    const latest = await information.read('terms', undefined)
    expect(latest).toMatchObject({
      page: 'terms',
      version: 'v2',
      title: 'New',
      publishedAt: '2026-10-01T00:00:00',
    })
    expect(latest.versions).toEqual([
      { version: 'v2', publishedAt: '2026-10-01T00:00:00' },
      { version: 'v1', publishedAt: '2026-04-01T00:00:00' },
    ])
    expect(await information.read('terms', 'v1')).toMatchObject({ version: 'v1', title: 'Old' })
  })

  it('publishing the privacy policy or the contract publishes the policy version, in force at once', async () => {
    const { db, information, policies } = await setUp()
    await information.publish(document({ page: 'privacyPolicy', version: 'v1' }))
    await information.publish(document({ page: 'externalTransmission', version: 'v1' }))
    const account = await createAccount(db)
    await policies.agree(
      account.id,
      {
        policies: [
          { kind: 'furyu', version: 'v1' },
          { kind: 'puribox', version: 'v1' },
        ],
      },
      APRIL,
    )
    await information.publish(
      document({
        page: 'externalTransmission',
        version: 'v2',
        publishedAt: new Date('2026-11-01T00:00:00Z'),
      }),
    )
    expect(await policies.needsAgreement(account.id)).toBe(true)
    expect((await policies.latestStatuses(account.id)).policies).toContainEqual({
      kind: 'puribox',
      version: 'v2',
      url: '/web/common/information/externalTransmission?version=v2',
      agreed: false,
    })
    // Other pages are not policies.
    await information.publish(document({ page: 'terms', version: 'v9' }))
    expect(await db.select().from(policyDocuments)).toHaveLength(3)
  })

  it.each([
    ['an existing version', document()],
    ['an unknown page', document({ page: 'secret' as never, version: 'v2' })],
    ['an empty label', document({ version: '' })],
    ['a label with a space', document({ version: 'v 2' })],
    ['a label too long', document({ version: 'v'.repeat(65) })],
    ['an empty title', document({ version: 'v2', title: ' ' })],
    ['a title of two lines', document({ version: 'v2', title: 'Terms\nmore' })],
    ['a title too long', document({ version: 'v2', title: 'x'.repeat(101) })],
    ['an empty body', document({ version: 'v2', body: '' })],
    ['a body too long', document({ version: 'v2', body: `## A\n\n${'x'.repeat(100_000)}` })],
    ['raw HTML', document({ version: 'v2', body: '## A\n\n<iframe src="https://evil.example"></iframe>' })],
    ['a script link', document({ version: 'v2', body: '[x](javascript:alert(1))' })],
    ['a date that is not one', document({ version: 'v2', publishedAt: new Date('nope') })],
  ])('refuses %s (VALIDATION_FAILED), storing nothing', async (_, bad) => {
    const { db, information } = await setUp()
    await information.publish(document())
    await expect(information.publish(bad)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(await db.select().from(informationDocuments)).toHaveLength(1)
    expect(await db.select().from(policyDocuments)).toHaveLength(0)
  })

  it.each([
    ['an unknown page', 'secret', undefined],
    ['a prototype name', '__proto__', undefined],
    ['a page of another case', 'Terms', undefined],
    ['a version never published', 'terms', 'v2'],
    ['a label no version can have', 'terms', 'v1\u0000'],
    ['a version of another page', 'privacy', 'v1'],
  ])('answers NOT_FOUND for %s', async (_, page, version) => {
    const { information } = await setUp()
    await information.publish(document())
    await expect(information.read(page, version)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('answers NOT_FOUND for a page with nothing published', async () => {
    const { information } = await setUp()
    await expect(information.read('terms', undefined)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
