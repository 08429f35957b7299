import { z } from 'zod'
import { INQUIRY_TOPICS } from './inquiry-paths'
import {
  HOW_TO_REGISTER,
  INQUIRY_ACCOUNT_KINDS,
  INQUIRY_CARRIERS,
  INQUIRY_PAYMENT_KINDS,
} from './inquiry-rules'
import { wrapped } from './wrapper'

/**
 * The inquiry API (decision 0046). The body's schema checks only shapes and outer
 * bounds; the form's rules (`inquiryProblems` of `inquiry-rules.ts`, the same the web app shows as
 * the person types) answer INQUIRY_INVALID with every problem, field by field.
 */

const text = (max: number) => z.string().max(max)

export const inquiryBodySchema = z.object({
  idempotencyKey: z
    .uuid()
    .describe(
      'Made by the client once per inquiry (kept with the draft): the same key again answers the inquiry it sent first, and sends nothing.',
    ),
  topic: text(40)
    .meta({ enum: [...INQUIRY_TOPICS] })
    .describe('One of INQUIRY_TOPICS; another is INQUIRY_TOPIC_UNKNOWN.'),
  text: text(10_000),
  mailAddresses: z
    .array(text(1000).meta({ format: 'email' }))
    .max(10)
    .describe('The first is where the answer goes. One that is not a mail address is INQUIRY_INVALID.'),
  sealIds: z.array(text(100)).max(20).optional(),
  checkedImage: z
    .object({ sealId: text(100), number: z.number().int() })
    .nullable()
    .optional()
    .describe('Which puri of which of the seals the question is about.'),
  machine: text(1000).nullable().optional(),
  shop: text(1000).nullable().optional(),
  date: text(100).nullable().optional().describe('YYYY-MM-DD: when it happened (or when the play was).'),
  carrier: z.enum(INQUIRY_CARRIERS).nullable().optional(),
  accountKind: z.enum(INQUIRY_ACCOUNT_KINDS).nullable().optional(),
  paymentKind: z.enum(INQUIRY_PAYMENT_KINDS).nullable().optional(),
  paymentPrice: z.number().int().nullable().optional().describe('Yen, tax included.'),
  howToRegister: z.array(z.enum(HOW_TO_REGISTER)).max(10).optional(),
})
export type InquiryBody = z.infer<typeof inquiryBodySchema>

export const inquirySentSchema = z.object({
  referenceNumber: z.string().describe('PBYYMMDD-XXXX: what support and the person quote.'),
  topic: z.string(),
  /** Where the confirmation went (and the answer will go). */
  replyTo: z.string(),
  receivedAt: z
    .string()
    .describe('YYYY-MM-DDTHH:mm:ss, Japan time (the request clock: time travel moves it).'),
})
export type InquirySent = z.infer<typeof inquirySentSchema>
export const inquirySentResponse = wrapped(inquirySentSchema)

export const inquiryCheckBodySchema = z.object({
  sealIds: z.array(text(100)).max(5).default([]),
  mailAddresses: z.array(text(1000)).max(3).default([]),
})

export const inquiryCheckSchema = z.object({
  seals: z.array(
    z.object({
      typed: z.string(),
      /** The seal ID as read (normalised: half-width, upper-case, no hyphens), null when malformed. */
      sealId: z.string().nullable(),
      exists: z.boolean().nullable().describe('null when malformed.'),
      /** The numbers of the seal's puris, to pick the one asked about (empty when not found). */
      puriNumbers: z.array(z.int()),
    }),
  ),
  mails: z.array(
    z.object({
      typed: z.string(),
      problem: z.enum(['MALFORMED', 'TYPO', 'UNDELIVERABLE']).nullable(),
      suggestion: z.string().nullable(),
    }),
  ),
})
export type InquiryCheck = z.infer<typeof inquiryCheckSchema>
export const inquiryCheckResponse = wrapped(inquiryCheckSchema)
