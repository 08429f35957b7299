import { randomUUID } from 'node:crypto'
import type { Profile, ProfileSummary, ProfileUpdate } from '@puribox/contract/profile'
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
import type { ProfileRepository, ProfileRow } from './profile.repository'

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

    async update(caller: MemberCaller, input: ProfileUpdate, now: Date): Promise<Profile> {
      await assertMayEdit(caller)
      const nickname = normalizeNickname(input.nickname)
      if (!nickname.ok) throw new AppError('NICKNAME_INVALID', `nickname refused: ${nickname.problem}`)
      if (input.birthday !== null) {
        const problem = birthdayProblem(input.birthday, now)
        if (problem) throw new AppError('BIRTHDAY_INVALID', `birthday refused: ${problem}`)
      }
      const row = await repo.saveFields(
        caller.accountId,
        {
          nickname: nickname.value,
          birthday: input.birthday,
          gender: input.gender,
          prefectureName: input.prefectureName,
        },
        now,
      )
      return presentProfile(row)
    },

    /** Checks the upload by its content, stores the square JPEG, and drops the previous image. */
    async setImage(caller: MemberCaller, upload: Buffer, now: Date): Promise<Profile> {
      await assertMayEdit(caller)
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
      let saved: Awaited<ReturnType<ProfileRepository['setImage']>>
      try {
        saved = await repo.setImage(
          caller.accountId,
          { id, storageKey, byteSize: result.image.data.length },
          now,
        )
      } catch (error) {
        // The account may have been deleted meanwhile: no row names the file, so it goes.
        await storage.delete(storageKey).catch(() => undefined)
        throw error
      }
      await fileDeletions.deleteFiles(saved.dropped)
      return presentProfile(saved.profile)
    },

    async removeImage(caller: MemberCaller, now: Date): Promise<Profile> {
      await assertMayEdit(caller)
      const { profile, dropped } = await repo.removeImage(caller.accountId, now)
      await fileDeletions.deleteFiles(dropped)
      return presentProfile(profile)
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
