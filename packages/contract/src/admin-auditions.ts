import { z } from 'zod'
import {
  AUDITED,
  instantInputSchema,
  instantSchema,
  lines,
  oneLine,
  pageSizeSchema,
  reasonSchema,
} from './admin-content'
import { GUARDIAN_RELATIONS } from './audition-consent-rules'
import { AUDITION_CHECK_STATES } from './auditions'
import { EDITORS, OPERATORS, route } from './routes'
import { wrapped } from './wrapper'

/**
 * Auditions in the operators' console (decision 0080). An audition is a casting call members of an
 * age range apply to with an identity check at the external verifier (decision 0049), a minor with
 * a guardian's consent first (decision 0060). Editors write one (its id is the audition's id at the
 * verifier, so it is typed, not made up), change it, and close it before its end; every operator
 * reads it with how far its applications got, and the applications sent to the organiser, whose
 * personal fields read `***` to those who may not see personal data. Times are ISO 8601 instants
 * (UTC), as an operator's screen converts them.
 *
 * Where an audition is, from its window at "now" (never stored):
 * - `upcoming`: it opens later; members do not see it yet;
 * - `open`: members of its ages see it and apply;
 * - `closed`: its end passed (or an editor closed it): members no longer see it, nothing new starts.
 */
export const AUDITION_STATES = ['upcoming', 'open', 'closed'] as const
export type AuditionState = (typeof AUDITION_STATES)[number]

export const AUDITION_ADMIN_LIMITS = {
  idMax: 64,
  titleMax: 80,
  organizerMax: 60,
  descriptionMax: 2000,
  /** The ages an audition may admit, inclusive (the table's own check). */
  ageMin: 0,
  ageMax: 120,
} as const

/** An audition's id as the verifier and the table know it: lower-case letters, digits and hyphens. */
export const AUDITION_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/

const age = z.number().int().min(AUDITION_ADMIN_LIMITS.ageMin).max(AUDITION_ADMIN_LIMITS.ageMax)

const auditionFields = {
  title: oneLine(AUDITION_ADMIN_LIMITS.titleMax),
  organizer: oneLine(AUDITION_ADMIN_LIMITS.organizerMax).describe('Who runs the casting with PuriBox.'),
  description: lines(AUDITION_ADMIN_LIMITS.descriptionMax).describe('Plain text; line breaks are \\n.'),
  minAge: age.describe('The youngest age admitted, in full years on the day a member applies.'),
  maxAge: age.describe('The oldest age admitted (at least minAge).'),
  opensAt: instantInputSchema.describe('When members start to see it and apply.'),
  closesAt: instantInputSchema.describe(
    'When applications end (excluded): a time to come, after opensAt. Closing now is its own route.',
  ),
}

export const auditionCreateSchema = z.object({
  id: z
    .string()
    .regex(AUDITION_ID_PATTERN)
    .describe(
      "The audition's id at the identity verifier, registered there first: lower-case letters, digits and hyphens, up to 64.",
    ),
  ...auditionFields,
  reason: reasonSchema,
})
export type AuditionCreate = z.infer<typeof auditionCreateSchema>

export const auditionChangeSchema = z.object({ ...auditionFields, reason: reasonSchema }).partial()
export type AuditionChange = z.infer<typeof auditionChangeSchema>

export const auditionCloseSchema = z.object({ reason: reasonSchema })
export type AuditionClose = z.infer<typeof auditionCloseSchema>

export const auditionListQuerySchema = z.object({
  state: z
    .enum(AUDITION_STATES)
    .optional()
    .describe(
      'Only the auditions in this state now: open ones closing first, upcoming ones opening first, closed ones closed last first. Absent: every one, opening last first.',
    ),
  after: z
    .string()
    .max(AUDITION_ADMIN_LIMITS.idMax)
    .optional()
    .describe('`next` of the previous page: the page after it. Absent: the first page.'),
  limit: pageSizeSchema,
})
export type AuditionListQuery = z.infer<typeof auditionListQuerySchema>

export const adminAuditionSchema = z.object({
  id: z.string(),
  state: z.enum(AUDITION_STATES),
  title: z.string(),
  organizer: z.string(),
  description: z.string(),
  minAge: z.int(),
  maxAge: z.int(),
  opensAt: instantSchema,
  closesAt: instantSchema,
  createdAt: instantSchema,
  applicationsSent: z.int().describe('How many applications went to the organiser.'),
})
export type AdminAudition = z.infer<typeof adminAuditionSchema>

/** The requests still out and the answers kept, of the guardians asked (newer requests replace older ones). */
export const AUDITION_CONSENT_COUNTS = ['PENDING', 'EXPIRED', 'AGREED', 'DECLINED'] as const

const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.int()])) as Record<K, z.ZodInt>)

export const auditionProgressSchema = z.object({
  applicants: z.int().describe('Members who began: asked a guardian or started an identity check.'),
  guardianConsents: counts(AUDITION_CONSENT_COUNTS).describe(
    'Guardian consent requests by state; PENDING are still out, EXPIRED were never answered.',
  ),
  identityChecks: counts(AUDITION_CHECK_STATES).describe(
    'Identity checks by state (a member may have tried more than once).',
  ),
  sent: z.int().describe('Applications sent to the organiser.'),
})
export type AuditionProgress = z.infer<typeof auditionProgressSchema>

export const adminAuditionDetailSchema = adminAuditionSchema.extend({ progress: auditionProgressSchema })
export type AdminAuditionDetail = z.infer<typeof adminAuditionDetailSchema>

export const adminAuditionPageSchema = z.object({
  items: z.array(adminAuditionSchema),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type AdminAuditionPage = z.infer<typeof adminAuditionPageSchema>

const masked = '`***` for a viewer or an editor.'

/** An application as it went to the organiser (decision 0060): the fields sent, and whose it is. */
export const adminAuditionApplicationSchema = z.object({
  referenceNumber: z.string().describe('The application number PuriBox and the organiser both use.'),
  accountId: z.string().describe(`The member who applied. ${masked}`),
  birthday: z.string().nullable().describe(`The birthday sent (YYYY-MM-DD). ${masked}`),
  age: z.int().nullable().describe('Full years of age on the day it was sent.'),
  sentAt: instantSchema,
  identityCheckedAt: instantSchema.describe('When the verifier confirmed the identity.'),
  guardianConsent: z
    .object({ relation: z.enum(GUARDIAN_RELATIONS), consentedAt: instantSchema })
    .nullable()
    .describe("A minor's guardian's consent as sent: the relation and when."),
})
export type AdminAuditionApplication = z.infer<typeof adminAuditionApplicationSchema>

export const auditionApplicationsQuerySchema = z.object({
  after: z
    .string()
    .max(40)
    .optional()
    .describe('`next` of the previous page (an application number). Absent: the first page.'),
  limit: pageSizeSchema,
})
export type AuditionApplicationsQuery = z.infer<typeof auditionApplicationsQuerySchema>

export const adminAuditionApplicationsPageSchema = z.object({
  items: z.array(adminAuditionApplicationSchema).describe('The last sent first.'),
  next: z.string().nullable().describe('Where the next page starts; null on the last page.'),
})
export type AdminAuditionApplicationsPage = z.infer<typeof adminAuditionApplicationsPageSchema>

export const auditionParamsSchema = z.object({
  auditionId: z.string().min(1).max(AUDITION_ADMIN_LIMITS.idMax),
})

const AUDITIONS = '/admin/api/auditions'

/**
 * The console's routes for auditions. Every operator reads; editors and admins write, change and
 * close (`auditions.policy.ts` decides the same again in the service).
 */
export const adminAuditionsApi = {
  adminAuditions: route({
    method: 'GET',
    path: AUDITIONS,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'A page of auditions, of one state or all.',
    query: auditionListQuerySchema,
    response: wrapped(adminAuditionPageSchema),
  }),
  adminAudition: route({
    method: 'GET',
    path: `${AUDITIONS}/:auditionId`,
    roles: OPERATORS,
    tag: 'admin',
    summary: 'One audition, with how far its applications got.',
    errors: ['AUDITION_NOT_FOUND'],
    params: auditionParamsSchema,
    response: wrapped(adminAuditionDetailSchema),
  }),
  adminAuditionApplications: route({
    method: 'GET',
    path: `${AUDITIONS}/:auditionId/applications`,
    roles: OPERATORS,
    tag: 'admin',
    summary: "A page of the applications sent to the audition's organiser, the last sent first.",
    description: `The member and the birthday read ${masked}`,
    errors: ['AUDITION_NOT_FOUND'],
    params: auditionParamsSchema,
    query: auditionApplicationsQuerySchema,
    response: wrapped(adminAuditionApplicationsPageSchema),
  }),
  adminAuditionCreate: route({
    method: 'POST',
    path: AUDITIONS,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Writes an audition; members of its ages see it from its opening.',
    description: `VALIDATION_FAILED when the ages or the window are out of order or the end has passed; AUDITION_TAKEN for an id in use. ${AUDITED}`,
    errors: ['AUDITION_TAKEN'],
    body: auditionCreateSchema,
    response: wrapped(adminAuditionDetailSchema),
  }),
  adminAuditionChange: route({
    method: 'PUT',
    path: `${AUDITIONS}/:auditionId`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Changes the fields the body names of an audition not closed; the others stay.',
    description: `Members see the change at once. The opening is the audition's until it opens, and a closed audition stays as it closed (AUDITION_STATE_CONFLICT). ${AUDITED}`,
    errors: ['AUDITION_NOT_FOUND', 'AUDITION_STATE_CONFLICT'],
    params: auditionParamsSchema,
    body: auditionChangeSchema,
    response: wrapped(adminAuditionDetailSchema),
  }),
  adminAuditionClose: route({
    method: 'POST',
    path: `${AUDITIONS}/:auditionId/close`,
    roles: EDITORS,
    tag: 'admin',
    summary: 'Closes an upcoming or open audition now: members no longer see it or apply.',
    description: `Applications sent stay, and an identity check a member is at the verifier for still ends as the verifier says; no check or guardian consent starts or is answered any more. AUDITION_STATE_CONFLICT for one closed already. ${AUDITED}`,
    errors: ['AUDITION_NOT_FOUND', 'AUDITION_STATE_CONFLICT'],
    params: auditionParamsSchema,
    body: auditionCloseSchema,
    response: wrapped(adminAuditionDetailSchema),
  }),
}
