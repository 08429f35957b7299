import { randomUUID } from 'node:crypto'
import type { Profile, ProfileSaveFields, ProfileSummary, ProfileUpdate } from '@puribox/contract/profile'
import {
  birthdayProblem,
  is25OrOver,
  normalizeNickname,
  PROFILE_LIMITS,
} from '@puribox/contract/profile-rules'
import type { MemberCaller } from '../../http/caller'
import { AppError } from '../../http/errors'
import type { Images } from '../../ports/images'
import type { Storage } from '../../ports/storage'
import type { AccountRow } from '../accounts/accounts.schema'
import type { FileDeletions } from '../files/file-deletions'
import { newStorageKey } from '../files/storage-keys'
import { canReadProfileImage, profileEditRefusal } from './profile.policy'
import type { ImageChange, ProfileFields, ProfileRepository, ProfileRow } from './profile.repository'

type NewImage = Extract<ImageChange, { kind: 'set' }>['image']

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function profileImageUrl(imageId: string): string {
  return `/sp/profile/image/${imageId}`
}

/** A member who has set nothing has this profile. */
const DEFAULT_PROFILE: Profile = {
  profileImageUrl: null,
  nickname: null,
  birthday: null,
  gender: null,
  prefectureName: null,
  imageId: null,
}

export function presentProfile(row: ProfileRow | null): Profile {
  if (!row) return DEFAULT_PROFILE
  return {
    profileImageUrl: row.imageId ? profileImageUrl(row.imageId) : null,
    nickname: row.nickname,
    birthday: row.birthday,
    gender: row.gender,
    prefectureName: row.prefectureName as Profile['prefectureName'],
    imageId: row.imageId,
  }
}

export function createProfileService(deps: {
  repo: ProfileRepository
  /** Reads the caller's account (the accounts module's). */
  accounts: { findById(id: string): Promise<AccountRow | null> }
  storage: Storage
  images: Images
  fileDeletions: FileDeletions
}) {
  const { repo, accounts, storage, images, fileDeletions } = deps

  /** Refuses a change of the caller's profile the SNS penalty forbids (`profileEditRefusal`). */
  async function assertMayEdit(caller: MemberCaller): Promise<void> {
    const account = await accounts.findById(caller.accountId)
    if (!account) throw new AppError('UNAUTHENTICATED', 'sign in first')
    const refusal = profileEditRefusal(account)
    if (refusal === 'ACCOUNT_SUSPENDED') throw new AppError(refusal, 'this account is suspended')
    if (refusal === 'SNS_RESTRICTED')
      throw new AppError(refusal, 'profile edits are restricted for this account')
  }

  /** The typed fields as stored: the nickname normalised; NICKNAME_INVALID or BIRTHDAY_INVALID. */
  function checkedFields(input: ProfileUpdate, now: Date): ProfileFields {
    const nickname = normalizeNickname(input.nickname)
    if (!nickname.ok) throw new AppError('NICKNAME_INVALID', `nickname refused: ${nickname.problem}`)
    if (input.birthday !== null) {
      const problem = birthdayProblem(input.birthday, now)
      if (problem) throw new AppError('BIRTHDAY_INVALID', `birthday refused: ${problem}`)
    }
    return {
      nickname: nickname.value,
      birthday: input.birthday,
      gender: input.gender,
      prefectureName: input.prefectureName,
    }
  }

  /** Reads the upload by its content and stores it as the square JPEG: the file a save will name. */
  async function storeImage(upload: Buffer): Promise<NewImage> {
    const result = await images.squarePicture(upload, {
      maxPixels: PROFILE_LIMITS.imageMaxPixels,
      side: PROFILE_LIMITS.imageSide,
    })
    if (!result.ok) {
      if (result.reason === 'UNSUPPORTED_FORMAT') {
        throw new AppError('IMAGE_FORMAT_UNSUPPORTED', 'send a JPEG, PNG, WebP or AVIF picture')
      }
      throw new AppError(
        'IMAGE_INVALID',
        result.reason === 'TOO_MANY_PIXELS' ? 'the picture has too many pixels' : 'not a readable picture',
      )
    }
    const id = randomUUID()
    const storageKey = newStorageKey('profile', 'jpg', id)
    await storage.put(storageKey, result.image.data)
    return { id, storageKey, byteSize: result.image.data.length }
  }

  /** One transaction for the rows; then the files no row names any more are deleted. */
  async function save(
    accountId: string,
    fields: Partial<ProfileFields>,
    image: ImageChange,
    now: Date,
  ): Promise<Profile> {
    let saved: Awaited<ReturnType<ProfileRepository['save']>>
    try {
      saved = await repo.save(accountId, fields, image, now)
    } catch (error) {
      // The account may have been deleted meanwhile: no row names the new file, so it goes.
      if (image.kind === 'set') await storage.delete(image.image.storageKey).catch(() => undefined)
      throw error
    }
    await fileDeletions.deleteFiles(saved.dropped)
    return presentProfile(saved.profile)
  }

  return {
    async get(accountId: string): Promise<Profile> {
      return presentProfile(await repo.find(accountId))
    },

    async summary(accountId: string, now: Date): Promise<ProfileSummary> {
      const profile = presentProfile(await repo.find(accountId))
      return {
        nickname: profile.nickname,
        profileImageUrl: profile.profileImageUrl,
        is25OrOver: is25OrOver(profile.birthday, now),
      }
    },

    assertMayEdit,

    /** Replaces the four typed fields; the image stays as it is. */
    async update(caller: MemberCaller, input: ProfileUpdate, now: Date): Promise<Profile> {
      await assertMayEdit(caller)
      return save(caller.accountId, checkedFields(input, now), { kind: 'keep' }, now)
    },

    /**
     * Saves the whole profile at once (`POST /sp/profile`): the typed fields, checked first, and the
     * picture sent with them (checked by its content and stored), or none when `removeImage`. One
     * transaction: whatever is refused, nothing changes.
     */
    async saveAll(
      caller: MemberCaller,
      input: ProfileSaveFields,
      upload: Buffer | null,
      now: Date,
    ): Promise<Profile> {
      await assertMayEdit(caller)
      const fields = checkedFields(input, now)
      if (upload) return save(caller.accountId, fields, { kind: 'set', image: await storeImage(upload) }, now)
      return save(caller.accountId, fields, { kind: input.removeImage ? 'remove' : 'keep' }, now)
    },

    /** Checks the upload by its content, stores the square JPEG, and drops the previous image. */
    async setImage(caller: MemberCaller, upload: Buffer, now: Date): Promise<Profile> {
      await assertMayEdit(caller)
      return save(caller.accountId, {}, { kind: 'set', image: await storeImage(upload) }, now)
    },

    async removeImage(caller: MemberCaller, now: Date): Promise<Profile> {
      await assertMayEdit(caller)
      return save(caller.accountId, {}, { kind: 'remove' }, now)
    },

    /** The image file, only for its owner: any other id is NOT_FOUND (never "someone else's"). */
    async image(caller: MemberCaller, imageId: string): Promise<Buffer> {
      const image = UUID.test(imageId) ? await repo.findImage(imageId) : null
      const data = image && canReadProfileImage(caller, image) ? await storage.get(image.storageKey) : null
      if (!data) throw new AppError('NOT_FOUND', 'no such image')
      return data
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
