import { savedImageUrl } from '@puribox/contract/mypage'
import { type ApiRoute, api } from '@puribox/contract/routes'
import { and, asc, eq } from 'drizzle-orm'
import { accounts } from '../modules/accounts/accounts.schema'
import { createAuditionsRepository } from '../modules/auditions/auditions.repository'
import { hashPassword } from '../modules/auth/passwords'
import { createBannersRepository } from '../modules/banners/banners.repository'
import { createBannerService } from '../modules/banners/banners.service'
import { createNewsRepository } from '../modules/news/news.repository'
import { createNewsService } from '../modules/news/news.service'
import { profiles } from '../modules/profile/profile.schema'
import { savedImages } from '../modules/saving/saving.schema'
import { generatedInput, injectOptions, type RouteInput, type RouteName } from './contract-requests'
import {
  buildImage,
  createAccount,
  createMachineModel,
  createMember,
  createSession,
  createShop,
} from './factories'
import type { TestContext } from './harness'
import { subscribe } from './payments'
import { createSeal } from './seals'

type AccountRow = Awaited<ReturnType<typeof createAccount>>

export interface Member {
  account: AccountRow
  cookie: string
  /** The session id (in the cookie only) and its hash (in the database). */
  sessionId: string
  sessionHash: string
  /**
   * What only this member may ever be shown, besides its id, mail address and session: a fixture
   * that gives the member more (a nickname, a saved seal) adds it here, and the walk checks that no
   * one else's answer contains it.
   */
  secrets: string[]
}

/** The people and data every walk of a route starts from; the database is empty before. */
export interface RouteWorld {
  context: TestContext
  /** A MINI member with recognisable data: the owner of whatever fixtures make. */
  owner: Member
  premium: Member
  /** Another MINI member: must never see the owner's data. */
  otherMember: Member
  /** A member with the junior-high free premium (decision 0047). */
  jhs: Member
  /** A session without an account (a guest the server remembers something for). */
  guestSession: { cookie: string; sessionId: string; sessionHash: string }
  /** A fresh session of the member (or a guest's, for null): for callers that end theirs. */
  newCookie(member: Member | null): Promise<string>
  /** A seal pushed through the booth endpoint, made on first use. */
  seal(): Promise<{ sealId: string }>
  /** The seal, saved by the owner (a mini member: puris 2 and 3 stay unsaved), made on first use. */
  ownerSavedSeal(): Promise<{ sealId: string }>
  /** The image id of the owner's free puri of `ownerSavedSeal` (one of the owner's secrets). */
  ownerSavedImage(): Promise<{ imageId: string; sealId: string }>
  /** An account with a password, not one of the members above, made on first use. */
  signInTarget(): Promise<{ mailAddress: string; password: string }>
  /** A verification mail sent (to a new address) through the API, made on first use. */
  verification(): Promise<{ verificationId: string }>
  /** A password reset of `signInTarget` requested through the API, made on first use. */
  passwordReset(): Promise<{ resetId: string }>
  /**
   * The owner's subscription, paid by card through the sandbox gateway and renewing (its id is one
   * of the owner's secrets), made on first use. The owner is premium from then on.
   */
  ownerSubscription(): Promise<{ subscriptionId: string }>
  /** A news item published now, made on first use. */
  newsItem(): Promise<{ id: string }>
  /** A banner shown now in the maintenance lead, made on first use. */
  banner(): Promise<void>
  /** A machine model with a shop that has one, and its first sample picture, made on first use. */
  machineModel(): Promise<{ id: string }>
}

export async function createRouteWorld(context: TestContext): Promise<RouteWorld> {
  const { db, clock } = context
  const member = async (
    mailAddress: string,
    membershipStatus: 'MINI' | 'PREMIUM' | 'JHS_PREMIUM',
  ): Promise<Member> => {
    const { account, id, session, cookie } = await createMember(db, clock, { mailAddress, membershipStatus })
    return { account, cookie, sessionId: id, sessionHash: session.idHash, secrets: [] }
  }
  const owner = await member('hana.owner.7q2x@example.jp', 'MINI')
  const premium = await member('rin.premium.4k8w@example.jp', 'PREMIUM')
  const otherMember = await member('mei.other.9d3v@example.jp', 'MINI')
  const jhs = await member('yui.jhs.2m6p@example.jp', 'JHS_PREMIUM')
  const guest = await createSession(db, clock)
  let seal: Promise<{ sealId: string }> | undefined
  let ownerSaved: Promise<{ sealId: string }> | undefined
  let ownerImage: Promise<{ imageId: string; sealId: string }> | undefined
  let target: Promise<{ mailAddress: string; password: string }> | undefined
  let verification: Promise<{ verificationId: string }> | undefined
  let passwordReset: Promise<{ resetId: string }> | undefined
  let subscription: Promise<{ subscriptionId: string }> | undefined
  let newsItem: Promise<{ id: string }> | undefined
  let banner: Promise<void> | undefined
  let machineModel: Promise<{ id: string }> | undefined
  const world: RouteWorld = {
    context,
    owner,
    premium,
    otherMember,
    jhs,
    guestSession: { cookie: guest.cookie, sessionId: guest.id, sessionHash: guest.session.idHash },
    async newCookie(of) {
      // A route may have deleted this member (account deletion): the next caller gets it back.
      if (of) await db.insert(accounts).values(of.account).onConflictDoNothing()
      return (await createSession(db, clock, of ? { account: of.account } : {})).cookie
    },
    seal() {
      seal ??= createSeal(context)
      return seal
    },
    ownerSavedSeal() {
      ownerSaved ??= (async () => {
        const { sealId } = await world.seal()
        const response = await context.app.inject(
          injectOptions(api.sealRegistration, { params: { id: sealId } }, { cookie: owner.cookie }),
        )
        if (response.statusCode !== 200) throw new Error(`ownerSavedSeal: ${response.body}`)
        return { sealId }
      })()
      return ownerSaved
    },
    ownerSavedImage() {
      ownerImage ??= (async () => {
        const { sealId } = await world.ownerSavedSeal()
        const [image] = await db
          .select({ id: savedImages.id })
          .from(savedImages)
          .where(and(eq(savedImages.accountId, owner.account.id), eq(savedImages.sealId, sealId)))
          .orderBy(asc(savedImages.puriNumber))
          .limit(1)
        if (!image) throw new Error('ownerSavedImage: the owner saved nothing')
        owner.secrets.push(image.id)
        return { imageId: image.id, sealId }
      })()
      return ownerImage
    },
    signInTarget() {
      target ??= (async () => {
        const password = 'walk-and-fuzz-7'
        const account = await createAccount(db, {
          mailAddress: 'signin.target@example.jp',
          passwordHash: await hashPassword(password),
        })
        return { mailAddress: account.mailAddress!, password }
      })()
      return target
    },
    verification() {
      verification ??= (async () => {
        const response = await context.app.inject({
          ...injectOptions(api.sendVerificationMail, { body: { mailAddress: 'new.member@example.jp' } }),
          remoteAddress: '192.0.2.200',
        })
        if (response.statusCode !== 200) throw new Error(`verification: ${response.body}`)
        return { verificationId: response.json().entity.verificationId as string }
      })()
      return verification
    },
    passwordReset() {
      passwordReset ??= (async () => {
        const { mailAddress } = await world.signInTarget()
        const response = await context.app.inject({
          ...injectOptions(api.requestPasswordReset, { body: { mailAddress } }),
          remoteAddress: '192.0.2.201',
        })
        if (response.statusCode !== 200) throw new Error(`passwordReset: ${response.body}`)
        return { resetId: response.json().entity.resetId as string }
      })()
      return passwordReset
    },
    newsItem() {
      newsItem ??= createNewsService({ repo: createNewsRepository(db) })
        .publish({
          category: 'info',
          title: 'walk',
          body: 'walk',
          link: null,
          priorityLevel: 0,
          publishAt: new Date(clock.now().getTime() - 60_000),
          publishUntil: null,
        })
        .then((row) => ({ id: row.id }))
      return newsItem
    },
    banner() {
      banner ??= createBannerService({ repo: createBannersRepository(db) })
        .publish({
          spaceId: 'maintenance_lead',
          html: '<p class="banner-text">walk</p>',
          priorityLevel: 0,
          publishAt: new Date(clock.now().getTime() - 60_000),
          publishUntil: null,
        })
        .then(() => undefined)
      return banner
    },
    machineModel() {
      machineModel ??= (async () => {
        const model = await createMachineModel(db, { sampleCount: 1 })
        await createShop(db, {}, [model.id])
        await context.storage.put(`machine-samples/${model.id}-1.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]))
        return { id: model.id }
      })()
      return machineModel
    },
    ownerSubscription() {
      subscription ??= (async () => {
        const { subscriptionId } = await subscribe(context, owner.cookie)
        owner.secrets.push(subscriptionId)
        return { subscriptionId }
      })()
      return subscription
    },
  }
  return world
}

/** The strings of a member that no one else's answer may contain. */
export function secretsOf(member: Member): string[] {
  return [
    member.account.id,
    member.account.mailAddress!,
    member.sessionId,
    member.sessionHash,
    ...member.secrets,
  ]
}

/**
 * Inputs that input generated from a route's schemas cannot reach its handler with: data that
 * must exist first. Reviewed by hand; a route without an entry is walked with generated input,
 * and whatever part an entry leaves out is generated too. Add one when a new route's handler
 * answers every generated input with a typed "not found".
 */
export const routeFixtures: { [N in RouteName]?: (world: RouteWorld) => Promise<RouteInput> } = {
  seal: async (world) => ({ params: { id: (await world.seal()).sealId } }),
  puriPreviewImage: async (world) => ({ query: { sealId: (await world.seal()).sealId, number: 1 } }),
  sealRegistration: async (world) => ({ params: { id: (await world.seal()).sealId } }),
  // The owner's unsaved puri 2 of the seal (the owner saved it: puri 1 is the free one).
  unsavedImage: async (world) => ({ params: { id: `${(await world.ownerSavedSeal()).sealId}-2` } }),
  // The owner's saved picture and play: anyone else gets the same 404 as for an unknown one.
  savedImage: async (world) => {
    const { imageId } = await world.ownerSavedImage()
    return { params: { file: savedImageUrl(imageId, 'thumb').split('/').pop()! } }
  },
  playZip: async (world) => ({ params: { sealId: (await world.ownerSavedSeal()).sealId } }),
  savedPlays: async (world) => {
    await world.ownerSavedImage()
    return { query: { page: 1 } }
  },
  // The shipped texts (every start publishes them): otherwise every page is NOT_FOUND.
  information: async (world) => {
    await world.context.app.seedContent()
    return { params: { page: 'terms' } }
  },
  login: async (world) => ({ body: await world.signInTarget() }),
  timeTravelSet: async () => ({ body: { date: '2026-12-24T18:00:00' } }),
  sendVerificationMail: async () => ({ body: { mailAddress: 'new.member@example.jp' } }),
  // A real verification with a wrong code, link token or unproved session: the typed refusals.
  verifyCode: async (world) => ({ body: { ...(await world.verification()), code: '000000' } }),
  verifyLink: async (world) => ({
    params: { id: (await world.verification()).verificationId },
    body: { token: 'not-the-token' },
  }),
  register: async (world) => ({ body: { ...(await world.verification()), password: 'walk-and-fuzz-7' } }),
  requestPasswordReset: async (world) => ({
    body: { mailAddress: (await world.signInTarget()).mailAddress },
  }),
  // A real reset with a wrong code, link token or unproved session: the typed refusals.
  verifyPasswordResetCode: async (world) => ({ body: { ...(await world.passwordReset()), code: '000000' } }),
  verifyPasswordResetLink: async (world) => ({
    params: { id: (await world.passwordReset()).resetId },
    body: { token: 'not-the-token' },
  }),
  resetPassword: async (world) => ({
    body: { ...(await world.passwordReset()), password: 'walk-and-fuzz-7' },
  }),
  // Through the sandbox gateway: a mini member is sent to its consent page.
  startSubscription: async () => ({ body: { kind: 'CREDIT' } }),
  subscription: async (world) => ({ params: { id: (await world.ownerSubscription()).subscriptionId } }),
  cancelSubscription: async (world) => ({ params: { id: (await world.ownerSubscription()).subscriptionId } }),
  // A news item published now, and a space with a banner: the routes' answers beyond NOT_FOUND.
  newsRead: async (world) => ({ params: { id: (await world.newsItem()).id } }),
  banner: async (world) => {
    await world.banner()
    return { params: { spaceId: 'maintenance_lead' } }
  },
  // A model with a shop, and a sample picture of it: the answers beyond MACHINE_NOT_FOUND / NOT_FOUND.
  machineModel: async (world) => ({ params: { id: (await world.machineModel()).id } }),
  machineSample: async (world) => {
    const { id } = await world.machineModel()
    return { params: { file: `${id}-1.jpg` } }
  },
  // An audition open now for every age (the sandbox verifier knows its id), and the owner's check.
  auditions: async (world) => {
    await openAudition(world)
    return {}
  },
  auditionCheckStart: async (world) => ({ params: { id: await openAudition(world) } }),
  auditionCheck: async (world) => ({ params: { checkId: await ownerAuditionCheck(world) } }),
  // The owner's certificate picture: anyone else gets the same 404 as for an unknown upload.
  jhsUpload: async (world) => ({ params: { id: (await ownerCertificate(world)).id } }),
  jhsUploadFile: async (world) => ({ params: { id: (await ownerCertificate(world)).id } }),
  jhsUploadChunk: async (world) => ({ params: { id: (await ownerCertificate(world)).id } }),
  jhsUploadRemove: async (world) => ({ params: { id: (await ownerCertificate(world)).id } }),
  jhsState: async (world) => {
    await ownerCertificate(world)
    return {}
  },
}

/** The demo audition the sandbox verifier knows, open around now for ages 0 to 120, written once. */
async function openAudition(world: RouteWorld): Promise<string> {
  const { db, clock } = world.context
  const id = 'model-2027-spring'
  await createAuditionsRepository(db).addAudition({
    id,
    title: 'walk',
    organizer: 'walk',
    description: 'walk',
    minAge: 0,
    maxAge: 120,
    opensAt: new Date(clock.now().getTime() - 86_400_000),
    closesAt: new Date(clock.now().getTime() + 30 * 86_400_000),
  })
  // Every member of the walk has a birthday, so that a start reaches the verifier.
  for (const member of [world.owner, world.premium, world.otherMember]) {
    await db
      .insert(profiles)
      .values({ accountId: member.account.id, birthday: '2000-01-01' })
      .onConflictDoNothing()
  }
  return id
}

/** The owner's identity check, started through the API (its id is one of the owner's secrets). */
async function ownerAuditionCheck(world: RouteWorld): Promise<string> {
  const auditionId = await openAudition(world)
  const response = await world.context.app.inject(
    injectOptions(api.auditionCheckStart, { params: { id: auditionId } }, { cookie: world.owner.cookie }),
  )
  if (response.statusCode !== 200) throw new Error(`ownerAuditionCheck: ${response.body}`)
  const checkId = response.json().entity.check.id as string
  world.owner.secrets.push(checkId)
  return checkId
}

/** The owner's complete certificate picture (decision 0048), uploaded once per world. */
const ownerCertificates = new WeakMap<RouteWorld, Promise<{ id: string }>>()
function ownerCertificate(world: RouteWorld): Promise<{ id: string }> {
  let made = ownerCertificates.get(world)
  if (!made) {
    made = (async () => {
      const { app } = world.context
      const data = await buildImage({ width: 40, height: 40 })
      const headers = { 'x-requested-with': 'XMLHttpRequest', cookie: world.owner.cookie }
      const started = await app.inject({
        method: 'POST',
        url: '/sp/2/jhs_free/self/uploads',
        headers,
        payload: { slot: 'kind', byteSize: data.length, fileName: 'owner-card-5t7z.jpg' },
      })
      const id: string = started.json().entity.id
      const sent = await app.inject({
        method: 'PUT',
        url: `/sp/2/jhs_free/self/uploads/${id}?offset=0`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: data,
      })
      if (sent.json().entity?.state !== 'COMPLETE') throw new Error(`ownerCertificate: ${sent.body}`)
      world.owner.secrets.push(id, 'owner-card-5t7z.jpg')
      return { id }
    })()
    ownerCertificates.set(world, made)
  }
  return made
}

/** The fixture's parts over input generated from the route's schemas. */
export async function routeInput(name: RouteName, route: ApiRoute, world: RouteWorld): Promise<RouteInput> {
  const fixture = (await routeFixtures[name]?.(world)) ?? {}
  return { ...generatedInput(route), ...fixture }
}
