import { z } from 'zod'
import { AUDITED, instantSchema, oneLine } from './admin-content'
import { CASE_HANDLERS, operatorRefSchema } from './admin-inquiries'
import { OPERATORS, route } from './routes'
import { sealParamsSchema } from './seals'
import { wrapped } from './wrapper'

/**
 * The operators' console for seals (decision 0075): a seal by its ID — the machine and shop it was
 * played at, when, its pictures, who saved which of them and when — and hiding a seal that was
 * reported. Every operator reads (a viewer or an editor with the accounts that saved it as `***`);
 * support and admin hide and show again, as they handle every person's case. Times are ISO 8601
 * instants (UTC), as an operator's screen converts them.
 */

/**
 * Why a seal was hidden: a fixed list the operator picks from, so the console and the audit log can
 * be searched and counted by it. Members are not told which: a hidden seal answers SEAL_HIDDEN to
 * everyone.
 */
export const SEAL_HIDE_REASONS = [
  /** The player lost the sticker sheet (or it was taken), and its ID with it. */
  'LOST_SHEET',
  /** Someone in the pictures did not agree to them being kept or passed on. */
  'PRIVACY',
  /** The pictures show what PuriBox does not keep (nudity, violence, harassment…). */
  'INAPPROPRIATE',
  /** The booth made broken or wrong pictures (a fault, test shots). */
  'MACHINE_FAULT',
  /** The police, a court or a lawyer asked for it. */
  'LEGAL_REQUEST',
  /** Anything else: the note says what. */
  'OTHER',
] as const
export type SealHideReason = (typeof SEAL_HIDE_REASONS)[number]

export const SEAL_ADMIN_LIMITS = {
  /** The operator's note: kept for operators (the console and the audit log), never shown to members. */
  noteMax: 500,
} as const

/** The sizes the console shows a picture in: a thumbnail in the list, the medium size enlarged. */
export const ADMIN_SEAL_PICTURE_SIZES = ['thumb', 'medium'] as const
export type AdminSealPictureSize = (typeof ADMIN_SEAL_PICTURE_SIZES)[number]

const SEALS = '/admin/api/seals'

/** The console's address of one picture of a seal (the canonical ID), in one size. */
export function adminSealPictureUrl(sealId: string, number: number, size: AdminSealPictureSize): string {
  return `${SEALS}/${sealId}/puris/${number}/${size}`
}

const masked = '`***` for a viewer or an editor.'

export const adminSealPuriSchema = z.object({
  number: z.number().int(),
  isRawPuri: z.boolean().describe('Taken before doodling (the raw picture).'),
  rawPuriImageNumber: z.number().int().nullable(),
  isProofSample: z.boolean().describe("A sample the booth made, not the players' own."),
  thumbnailUrl: z.string().describe('The console’s own address of the thumbnail (JPEG).'),
  mediumUrl: z.string().describe('The console’s own address of the medium size (JPEG).'),
})
export type AdminSealPuri = z.infer<typeof adminSealPuriSchema>

export const adminSealOwnerSchema = z.object({
  accountId: z.string().describe(`The member who saved the seal. ${masked}`),
  registeredAt: instantSchema.describe('When they saved (registered) the seal.'),
  pictures: z
    .array(z.object({ number: z.number().int(), savedAt: instantSchema }))
    .describe(
      'The pictures saved to them, by number: a free member’s others stay unsaved (and go at the expiry).',
    ),
})
export type AdminSealOwner = z.infer<typeof adminSealOwnerSchema>

export const adminSealHidingSchema = z.object({
  reason: z.enum(SEAL_HIDE_REASONS),
  note: z.string().nullable().describe('The operator’s note: for operators only.'),
  hiddenAt: instantSchema,
  hiddenBy: operatorRefSchema.nullable().describe('Who hid it (null if that operator is gone).'),
})
export type AdminSealHiding = z.infer<typeof adminSealHidingSchema>

export const adminSealSchema = z.object({
  sealId: z.string().describe('Canonical: 10 characters.'),
  shotAt: instantSchema.describe('When it was played, as the booth said.'),
  expiresAt: instantSchema.describe('Until when members may save its pictures.'),
  expired: z.boolean(),
  machine: z.object({
    id: z.string(),
    name: z.string(),
    shopId: z.string(),
    shopName: z.string(),
  }),
  puris: z
    .array(adminSealPuriSchema)
    .describe(
      'By number: those still kept. After the expiry only the ones a member saved are left; the others were deleted.',
    ),
  owners: z.array(adminSealOwnerSchema).describe('Who saved the seal, the first first.'),
  hidden: adminSealHidingSchema
    .nullable()
    .describe('Why and by whom the seal is hidden from members; null while members see it.'),
})
export type AdminSeal = z.infer<typeof adminSealSchema>

/**
 * The seal ID as typed, read exactly as the members' API reads it (`sealParamsSchema`, then
 * `normalizeSealId`): what members can look up, operators can too.
 */
export const adminSealParamsSchema = z.object({ sealId: sealParamsSchema.shape.id.min(1) })

export const adminSealPictureParamsSchema = adminSealParamsSchema.extend({
  number: z.coerce.number().int().min(1).max(99),
  size: z.enum(ADMIN_SEAL_PICTURE_SIZES),
})

const note = oneLine(SEAL_ADMIN_LIMITS.noteMax, 0)
  .optional()
  .describe(
    'Why, in the operator’s words: kept for operators (the seal’s page in the console, the audit log), never shown to members. Write no personal data here.',
  )

export const sealHideSchema = z.object({
  reason: z.enum(SEAL_HIDE_REASONS).describe('From the fixed list.'),
  note,
})
export type SealHide = z.infer<typeof sealHideSchema>

export const sealUnhideSchema = z.object({ note })
export type SealUnhide = z.infer<typeof sealUnhideSchema>

const ID_READ =
  'The ID is read as members type it (lower case, full-width, hyphens or spaces between the halves); anything else is SEAL_ID_MALFORMED. SEAL_NOT_FOUND when no seal has it (it never existed, or it expired with nobody keeping a picture of it): nothing counts towards any penalty here.'

/**
 * The console's routes for seals. Every operator reads a seal and its pictures; support and admin
 * hide and show again (`seals.policy.ts` decides the same again in the service).
 */
export const adminSealsApi = {
  adminSeal: route({
    method: 'GET',
    path: `${SEALS}/:sealId`,
    roles: OPERATORS,
    tag: 'admin',
    summary:
      'A seal: its machine and shop, when it was played, its pictures, who saved which and when, and whether it is hidden.',
    description: `Hidden or expired seals are shown as well. ${ID_READ}`,
    errors: ['SEAL_ID_MALFORMED', 'SEAL_NOT_FOUND'],
    params: adminSealParamsSchema,
    response: wrapped(adminSealSchema),
  }),
  adminSealPicture: route({
    method: 'GET',
    path: `${SEALS}/:sealId/puris/:number/:size`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'One picture of a seal, without the watermark, hidden or not: support and admins only.',
    description: `JPEG, \`Cache-Control: private, no-store\` and \`nosniff\`. NOT_FOUND when the seal has no such picture (any more). ${ID_READ}`,
    errors: ['SEAL_ID_MALFORMED', 'SEAL_NOT_FOUND', 'NOT_FOUND'],
    params: adminSealPictureParamsSchema,
    file: ['image/jpeg'],
  }),
  adminSealHide: route({
    method: 'POST',
    path: `${SEALS}/:sealId/hide`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Hides a seal from members (or changes why it is hidden).',
    description: `From then on every member and guest is answered SEAL_HIDDEN for it (looking it up, its previews, saving it), and its saved copies leave their owners' my page, pictures and ZIPs: at once on this server process, within a minute on the others. Nothing is deleted: the seal's files are kept, and the expiry removes its unsaved pictures as for any seal. The same reason and note again change nothing. ${ID_READ} ${AUDITED}`,
    errors: ['SEAL_ID_MALFORMED', 'SEAL_NOT_FOUND'],
    params: adminSealParamsSchema,
    body: sealHideSchema,
    response: wrapped(adminSealSchema),
  }),
  adminSealUnhide: route({
    method: 'POST',
    path: `${SEALS}/:sealId/unhide`,
    roles: CASE_HANDLERS,
    tag: 'admin',
    summary: 'Shows a hidden seal to members again, with its saved copies.',
    description: `SEAL_NOT_HIDDEN when members see it already. ${ID_READ} ${AUDITED}`,
    errors: ['SEAL_ID_MALFORMED', 'SEAL_NOT_FOUND', 'SEAL_NOT_HIDDEN'],
    params: adminSealParamsSchema,
    body: sealUnhideSchema,
    response: wrapped(adminSealSchema),
  }),
}
