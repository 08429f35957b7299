import { links } from '@puribox/contract/pages'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/client'
import { fixedClock } from '../../ports/clock'
import { resetDatabase, testDatabase } from '../../test/database'
import { createAccount, publishPolicies, publishPolicy } from '../../test/factories'
import { TEST_NOW } from '../../test/harness'
import { createPoliciesRepository } from './policies.repository'
import { createPolicyService } from './policies.service'

const BOTH = (version: string) => ({
  policies: [
    { kind: 'furyu', version },
    { kind: 'puribox', version },
  ],
})

describe('needsAgreement (what sign-in asks)', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  async function setUp() {
    const { db } = await testDatabase()
    return {
      db,
      policies: createPolicyService({ repo: createPoliciesRepository(db), clock: fixedClock(TEST_NOW) }),
    }
  }

  it('is true until the account agreed to the latest version of every kind', async () => {
    const { db, policies } = await setUp()
    await publishPolicies(db, 'v1')
    const account = await createAccount(db)
    expect(await policies.needsAgreement(account.id)).toBe(true)
    await policies.agree(account.id, BOTH('v1'), TEST_NOW)
    expect(await policies.needsAgreement(account.id)).toBe(false)
  })

  it('is true again once a new version of either kind is published, and only for that', async () => {
    const { db, policies } = await setUp()
    await publishPolicies(db, 'v1')
    const account = await createAccount(db)
    await policies.agree(account.id, BOTH('v1'), TEST_NOW)
    const published = await policies.publish({
      kind: 'puribox',
      version: 'v2',
      url: links.externalTransmission,
      publishedAt: TEST_NOW,
    })
    expect(published).toMatchObject({ kind: 'puribox', version: 'v2' })
    expect(await policies.needsAgreement(account.id)).toBe(true)
    expect((await policies.latestStatuses(account.id)).policies).toEqual([
      expect.objectContaining({ kind: 'furyu', version: 'v1', agreed: true }),
      expect.objectContaining({ kind: 'puribox', version: 'v2', agreed: false }),
    ])
  })

  it("does not look at another account's agreement", async () => {
    const { db, policies } = await setUp()
    await publishPolicies(db, 'v1')
    const agreed = await createAccount(db)
    const other = await createAccount(db)
    await policies.agree(agreed.id, BOTH('v1'), TEST_NOW)
    expect(await policies.needsAgreement(other.id)).toBe(true)
  })

  it('says why it asks: FIRST for an account that never agreed, REVISED once what it agreed to is replaced', async () => {
    const { db, policies } = await setUp()
    await publishPolicies(db, 'v1')
    const account = await createAccount(db)
    expect(await policies.agreementNeeded(account.id)).toBe('FIRST')
    await policies.agree(account.id, BOTH('v1'), TEST_NOW)
    expect(await policies.agreementNeeded(account.id)).toBeNull()
    await publishPolicy(db, 'furyu', 'v2', TEST_NOW)
    expect(await policies.agreementNeeded(account.id)).toBe('REVISED')
  })

  it('is false when nothing is published (nothing to agree to)', async () => {
    const { db, policies } = await setUp()
    const account = await createAccount(db)
    expect(await policies.needsAgreement(account.id)).toBe(false)
  })

  it('publishing checks the label, the link and that the version is new', async () => {
    const { db, policies } = await setUp()
    await publishPolicy(db, 'furyu', 'v1')
    const base = { kind: 'furyu' as const, url: links.privacyPolicy, publishedAt: TEST_NOW }
    for (const bad of [
      { ...base, version: 'v1' },
      { ...base, version: '' },
      { ...base, version: 'v 2' },
      { ...base, version: 'x'.repeat(65) },
      { ...base, version: 'v2', url: 'https://evil.example/policy' },
      { ...base, version: 'v2', url: '//evil.example/policy' },
    ]) {
      await expect(policies.publish(bad), JSON.stringify(bad)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      })
    }
  })
})

describe('the migration', () => {
  const handle = openDatabase({ databaseUrl: null, pgliteDir: null })
  afterAll(() => handle.close())

  it('publishes the versions in force, linking to the full texts of those versions: a new member is asked to agree', async () => {
    await handle.migrate()
    const policies = createPolicyService({
      repo: createPoliciesRepository(handle.db),
      clock: fixedClock(TEST_NOW),
    })
    const account = await createAccount(handle.db)
    expect(await policies.needsAgreement(account.id)).toBe(true)
    expect((await policies.latestStatuses(account.id)).policies).toEqual([
      {
        kind: 'furyu',
        version: '2026-04-01',
        url: `${links.privacyPolicy}?version=2026-04-01`,
        agreed: false,
      },
      {
        kind: 'puribox',
        version: '2026-04-01',
        url: `${links.externalTransmission}?version=2026-04-01`,
        agreed: false,
      },
    ])
  })
})
