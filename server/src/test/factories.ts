import { randomBytes } from 'node:crypto'
import type { BoothMeta } from '@puribox/contract/booth'
import { policyUrl } from '@puribox/contract/information'
import type { InformationPage } from '@puribox/contract/pages'
import type { PolicyKind } from '@puribox/contract/policies'
import type { SealLookupSource } from '@puribox/contract/seal-lookup-source'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '../db/client'
import { accounts } from '../modules/accounts/accounts.schema'
import { adReactionCounts } from '../modules/ads/ads.schema'
import { machineKeys, machineModels, machines, shops } from '../modules/booth/booth.schema'
import { hashMachineKey } from '../modules/booth/booth.service'
import { informationDocuments } from '../modules/information/information.schema'
import { paymentEvents, subscriptions } from '../modules/payments/payments.schema'
import { policyDocuments } from '../modules/policies/policies.schema'
import { savedImages, sealRegistrations } from '../modules/saving/saving.schema'
import { sealLookupSources } from '../modules/seals/seals.schema'
import { createSessionsRepository } from '../modules/sessions/sessions.repository'
import { createSessionService } from '../modules/sessions/sessions.service'
import type { Clock } from '../ports/clock'

let sequence = 0
const next = () => ++sequence

export async function createMachine(
  db: Database,
  overrides: Partial<typeof machines.$inferInsert> = {},
): Promise<{ machine: typeof machines.$inferSelect; key: string }> {
  // A booth's shop as a booth pushing plays knows it: no position.
  const shop = await createShop(db, { latitude: null, longitude: null })
  const [machine] = await db
    .insert(machines)
    .values({
      id: `m-${next()}`,
      shopId: shop.id,
      name: 'テスト機',
      seriesId: 'test',
      version: '1.0',
      ...overrides,
    })
    .returning()
  const key = `key-${randomBytes(12).toString('hex')}`
  await db.insert(machineKeys).values({ keyHash: hashMachineKey(key), machineId: machine!.id })
  return { machine: machine!, key }
}

/** A machine model (decision 0042): ID federation and raw puri by default. */
export async function createMachineModel(
  db: Database,
  overrides: Partial<typeof machineModels.$inferInsert> = {},
): Promise<typeof machineModels.$inferSelect> {
  const n = next()
  const [model] = await db
    .insert(machineModels)
    .values({
      id: `model-${n}`,
      name: `テストモデル${n}`,
      nameKana: `テストモデル${n}`,
      seriesId: 'test',
      seriesName: 'テスト',
      version: '1.0',
      releasedOn: '2026-01-01',
      description: 'テスト用の機種です。',
      supportsRawPuri: true,
      supportsIdFederation: true,
      shots: 6,
      sampleCount: 0,
      ...overrides,
    })
    .returning()
  return model!
}

/** A shop in Shibuya with a machine of each of `modelIds`. */
export async function createShop(
  db: Database,
  overrides: Partial<typeof shops.$inferInsert> = {},
  modelIds: readonly string[] = [],
): Promise<typeof shops.$inferSelect> {
  const [shop] = await db
    .insert(shops)
    .values({
      name: `テスト店 ${next()}`,
      prefectureCode: 13,
      prefectureName: '東京都',
      city: '渋谷区',
      address: '宇田川町1-1',
      openingHours: '10:00〜24:00',
      latitude: 35.66,
      longitude: 139.7,
      ...overrides,
    })
    .returning()
  for (const modelId of modelIds) {
    await db.insert(machines).values({
      id: `m-${next()}`,
      shopId: shop!.id,
      modelId,
      name: 'テスト機',
      seriesId: 'test',
      version: '1.0',
    })
  }
  return shop!
}

/** Premium with no end in sight, for tests about what a premium member gets (not about paying). */
export const PREMIUM_FOR_EVER = new Date('2100-01-01T00:00:00Z')

/**
 * An account's columns, and `membershipStatus` for short: PREMIUM is premium until 2100 (the
 * payments tests make premium the way members do, by a subscription).
 */
export type AccountOverrides = Partial<typeof accounts.$inferInsert> & {
  membershipStatus?: 'MINI' | 'PREMIUM' | 'JHS_PREMIUM'
}

export function buildAccount(overrides: AccountOverrides = {}): typeof accounts.$inferInsert {
  const { membershipStatus, ...columns } = overrides
  return {
    mailAddress: `user${next()}@example.jp`,
    ...(membershipStatus === 'PREMIUM' ? { premiumUntil: PREMIUM_FOR_EVER } : {}),
    ...(membershipStatus === 'JHS_PREMIUM' ? { schoolPremiumUntil: PREMIUM_FOR_EVER } : {}),
    ...columns,
  }
}

export async function createAccount(db: Database, overrides: AccountOverrides = {}) {
  const [account] = await db.insert(accounts).values(buildAccount(overrides)).returning()
  return account!
}

/** A subscription at the gateway (PENDING, credit card, answered by the gateway unless overridden). */
export async function createSubscription(
  db: Database,
  overrides: Partial<typeof subscriptions.$inferInsert> & { accountId: string },
) {
  const n = next()
  const [row] = await db
    .insert(subscriptions)
    .values({
      kind: 'CREDIT',
      plan: 'credit',
      gatewayRef: `sub_test_${n}`,
      consentUrl: `https://gateway.example/consent/sub_test_${n}`,
      returnTo: '/sp/2/mypage/#/puri/new',
      status: 'PENDING',
      priceYen: 330,
      ...overrides,
    })
    .returning()
  return row!
}

/** A session row, its id (only ever in the cookie) and the cookie header that presents it. */
export async function createSession(
  db: Database,
  clock: Clock,
  fields: {
    accountId?: string | null
    /** The account itself, when the caller has it: saves looking it up. */
    account?: { id: string; premiumUntil: Date | null; schoolPremiumUntil: Date | null }
    nativeApp?: boolean
    timeTravelTo?: Date | null
  } = {},
) {
  const { accountId, account: given, ...rest } = fields
  const [account] = given
    ? [given]
    : accountId
      ? await db.select().from(accounts).where(eq(accounts.id, accountId))
      : []
  const { id, session } = await createSessionService({ repo: createSessionsRepository(db), clock }).create({
    ...rest,
    ...(account ? { account } : {}),
  })
  return { id, session, cookie: `pbx_session=${id}` }
}

/** A signed-in member: an account (MINI unless overridden) and a session of it. */
export async function createMember(db: Database, clock: Clock, overrides: AccountOverrides = {}) {
  const account = await createAccount(db, overrides)
  return { account, ...(await createSession(db, clock, { account })) }
}

const imageCache = new Map<string, Buffer>()

/** A small real JPEG (or PNG) with a colour of its own. */
export async function buildImage(
  options: { width?: number; height?: number; hue?: number; format?: 'jpeg' | 'png' } = {},
): Promise<Buffer> {
  const { width = 300, height = 450, hue = 0, format = 'jpeg' } = options
  const cacheKey = `${width}x${height}:${hue}:${format}`
  const cached = imageCache.get(cacheKey)
  if (cached) return cached
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 230, g: (hue * 37) % 255, b: 200 } },
  })
  const data = await (format === 'png' ? image.png() : image.jpeg()).toBuffer()
  imageCache.set(cacheKey, data)
  return data
}

export function buildBoothMeta(overrides: Partial<BoothMeta> = {}, shotAt = new Date()): BoothMeta {
  return {
    shotAt: shotAt.toISOString(),
    puris: [
      { number: 1, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false },
      { number: 2, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false },
      { number: 3, isRawPuri: true, rawPuriImageNumber: 1, isProofSample: false },
    ],
    ...overrides,
  }
}

/** A multipart body for POST /booth/v1/seals, as a booth would send it. */
export async function buildBoothRequest(options: {
  meta: unknown
  files?: Record<string, Buffer>
  metaText?: string
}): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  form.append('meta', options.metaText ?? JSON.stringify(options.meta))
  const files =
    options.files ??
    Object.fromEntries(
      await Promise.all(
        (options.meta as BoothMeta).puris.map(
          async (puri) => [`puri-${puri.number}`, await buildImage({ hue: puri.number })] as const,
        ),
      ),
    )
  for (const [name, data] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${name}.jpg`)
  }
  const response = new Response(form)
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  }
}

/**
 * A published policy version. Tests start from an empty database, so the versions the migration
 * publishes are not there: publish what the test needs.
 */
export async function publishPolicy(
  db: Database,
  kind: PolicyKind,
  version: string,
  publishedAt = new Date('2026-04-01T00:00:00+09:00'),
) {
  // The full text is the information page of this very version (decision 0038).
  const url = policyUrl(kind, version)
  const [row] = await db.insert(policyDocuments).values({ kind, version, url, publishedAt }).returning()
  return row!
}

/** Both kinds, in the version `version`. */
export async function publishPolicies(db: Database, version = '2026-04-01', publishedAt?: Date) {
  return [
    await publishPolicy(db, 'furyu', version, publishedAt),
    await publishPolicy(db, 'puribox', version, publishedAt),
  ]
}

/**
 * A published version of an information page (decision 0038), written straight to its table: the
 * shipped ones come with `app.seedContent()`. Publishing the privacy policy's or the contract's
 * text through the service also publishes the policy; here, use `publishPolicy` for that.
 */
export async function publishInformation(
  db: Database,
  document: Partial<typeof informationDocuments.$inferInsert> & { page: InformationPage; version: string },
) {
  const [row] = await db
    .insert(informationDocuments)
    .values({
      title: `${document.page} ${document.version}`,
      body: `## ${document.page}\n\nThe text of version ${document.version}.`,
      publishedAt: new Date('2026-04-01T00:00:00+09:00'),
      ...document,
    })
    .returning()
  return row!
}

/**
 * A seal saved to an account at `at`: its registration (the next free place) and the puris saved,
 * written straight to the tables, for tests that need saves at chosen instants.
 */
export async function createSave(
  db: Database,
  save: { sealId: string; accountId: string; at: Date; puriNumbers?: readonly number[] },
) {
  const [{ taken } = { taken: 0 }] = await db
    .select({ taken: sql<number>`count(*)::int` })
    .from(sealRegistrations)
    .where(eq(sealRegistrations.sealId, save.sealId))
  await db
    .insert(sealRegistrations)
    .values({ sealId: save.sealId, accountId: save.accountId, registeredAt: save.at, slot: taken + 1 })
  const numbers = save.puriNumbers ?? [1]
  if (numbers.length === 0) return
  await db.insert(savedImages).values(
    numbers.map((puriNumber) => ({
      accountId: save.accountId,
      sealId: save.sealId,
      puriNumber,
      savedAt: save.at,
    })),
  )
}

/**
 * A gateway notification as the payments repository records it once applied (APPLIED unless
 * overridden), for a subscription of `createSubscription`.
 */
export async function createPaymentEvent(
  db: Database,
  event: Partial<typeof paymentEvents.$inferInsert> & {
    subscriptionId: string | null
    type: 'PAID' | 'DECLINED' | 'RENEWAL_FAILED' | 'CANCELLED' | 'RESUMED' | 'ENDED'
    sequence: number
    occurredAt: Date
  },
) {
  const [row] = await db
    .insert(paymentEvents)
    .values({
      eventId: `evt_test_${next()}`,
      receivedAt: event.occurredAt,
      amountYen: event.type === 'PAID' ? 330 : null,
      outcome: 'APPLIED',
      ...event,
    })
    .returning()
  return row!
}

/** Seal lookups counted on a Japan day from a source (decision 0043), added to what is there. */
export async function addSealLookups(db: Database, day: string, source: SealLookupSource, lookups: number) {
  await db
    .insert(sealLookupSources)
    .values({ day, source, lookups })
    .onConflictDoUpdate({
      target: [sealLookupSources.day, sealLookupSources.source],
      set: { lookups: sql`${sealLookupSources.lookups} + excluded.lookups` },
    })
}

/** An ad's count of viewers who saw (IMPRESSION) or tapped (CLICK) it on a Japan day. */
export async function createAdReactionCount(db: Database, row: typeof adReactionCounts.$inferInsert) {
  await db.insert(adReactionCounts).values(row)
}
