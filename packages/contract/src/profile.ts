import { z } from 'zod'
import {
  GENDERS,
  PREFECTURES,
  PROFILE_FIELDS_PART,
  PROFILE_IMAGE_FIELD,
  PROFILE_LIMITS,
} from './profile-rules'
import { wrapped } from './wrapper'

export const genderSchema = z.enum(GENDERS)
export const prefectureNameSchema = z.enum(PREFECTURES)

export const profileSchema = z.object({
  /** Served only to the owner; null without an image (the web shows the default picture). */
  profileImageUrl: z.string().nullable(),
  nickname: z.string().nullable().describe('null: no nickname; pages show the default one ("guest")'),
  birthday: z.string().nullable().describe('YYYY-MM-DD'),
  gender: genderSchema.nullable(),
  prefectureName: prefectureNameSchema.nullable(),
  imageId: z.string().nullable(),
})
export type Profile = z.infer<typeof profileSchema>

/** The light version for the frame. */
export const profileSummarySchema = z.object({
  nickname: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** 25 or over on "now" (time travel included); false without a birthday. */
  is25OrOver: z.boolean(),
})
export type ProfileSummary = z.infer<typeof profileSummarySchema>

/**
 * PUT /sp/profile: the whole profile but the image (its own calls). Nickname and birthday arrive as
 * typed and are checked by the rules above (NICKNAME_INVALID, BIRTHDAY_INVALID).
 */
export const profileUpdateBodySchema = z.object({
  nickname: z.string().max(400).nullable(),
  birthday: z.string().max(40).nullable(),
  gender: genderSchema.nullable(),
  prefectureName: prefectureNameSchema.nullable(),
})
export type ProfileUpdate = z.infer<typeof profileUpdateBodySchema>

/**
 * POST /sp/profile/image's multipart body, for the OpenAPI document: the route reads the one file
 * itself (checked by content, not by its declared type).
 */
export const profileImagePartsSchema = z.object({
  [PROFILE_IMAGE_FIELD]: z
    .file()
    .max(PROFILE_LIMITS.imageMaxBytes)
    .describe('The picture: JPEG, PNG, WebP or AVIF, at most 10 MB'),
})

/**
 * `POST /sp/profile`'s fields (its `profile` part, JSON): the four of PUT /sp/profile, and
 * `removeImage` to save the profile without its picture. With an `image` file, the picture is
 * replaced; `removeImage` with a file is VALIDATION_FAILED.
 */
export const profileSaveFieldsSchema = profileUpdateBodySchema.extend({
  removeImage: z.boolean().optional().describe('Save the profile without a picture (its file is deleted)'),
})
export type ProfileSaveFields = z.infer<typeof profileSaveFieldsSchema>

/**
 * POST /sp/profile's multipart body, for the OpenAPI document: the route reads it itself (the file
 * checked by content, not by its declared type).
 */
export const profileSavePartsSchema = z.object({
  [PROFILE_FIELDS_PART]: profileSaveFieldsSchema.describe('The profile, as a JSON text field'),
  [PROFILE_IMAGE_FIELD]: z
    .file()
    .max(PROFILE_LIMITS.imageMaxBytes)
    .optional()
    .describe('A new picture, saved with the fields: JPEG, PNG, WebP or AVIF, at most 10 MB'),
})

export const profileImageParamsSchema = z.object({ id: z.string().min(1).max(64) })

export const profileResponse = wrapped(profileSchema)
export const profileSummaryResponse = wrapped(profileSummarySchema)
