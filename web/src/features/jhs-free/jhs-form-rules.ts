import {
  CERTIFICATE_SLOTS,
  type CertificateSlot,
  type CertificateUpload,
  type JhsApplyBody,
  jhsProfileProblem,
  KIND_DOCUMENTS,
  type KindDocument,
  normalizeJhsName,
  normalizeMailAddress,
} from '@puribox/contract/jhs-free'
import { t } from './i18n'
import type { JhsDraft } from './jhs-draft'

/** The fields that can be wrong, in the order they stand on the form. */
export const JHS_FIELDS = [
  'familyName',
  'givenName',
  'birth',
  'grade',
  'mailAddress',
  'kindDocument',
  ...CERTIFICATE_SLOTS,
] as const
export type JhsField = (typeof JHS_FIELDS)[number]

export type JhsErrors = Partial<Record<JhsField, string>>

/**
 * The draft checked by the contract's rules (the server's own, so the form says what the server
 * would): the body to send, or the Japanese sentence per wrong field. `now` is the clock's (time
 * travel included), as the server's is.
 */
export function checkJhsDraft(
  draft: JhsDraft,
  uploads: Partial<Record<CertificateSlot, CertificateUpload | 'sending'>>,
  now: Date,
): { body: JhsApplyBody } | { errors: JhsErrors } {
  const errors: JhsErrors = {}
  const familyName = normalizeJhsName(draft.familyName)
  const givenName = normalizeJhsName(draft.givenName)
  if (!familyName)
    errors.familyName = t(
      draft.familyName.trim() ? 'jhsFree.form.errors.name' : 'jhsFree.form.errors.required',
    )
  if (!givenName)
    errors.givenName = t(draft.givenName.trim() ? 'jhsFree.form.errors.name' : 'jhsFree.form.errors.required')
  const mailAddress = normalizeMailAddress(draft.mailAddress)
  if (!mailAddress) {
    errors.mailAddress = t(
      draft.mailAddress.trim() ? 'jhsFree.form.errors.mailAddress' : 'jhsFree.form.errors.required',
    )
  }
  const grade = Number(draft.grade)
  if (![1, 2, 3].includes(grade)) errors.grade = t('jhsFree.form.errors.chooseRequired')
  const kindDocument = KIND_DOCUMENTS.find((kind) => kind === draft.kindDocument)
  if (!kindDocument) errors.kindDocument = t('jhsFree.form.errors.chooseRequired')
  const birthParts = [draft.birthYear, draft.birthMonth, draft.birthDay]
  const birth = {
    year: Number(draft.birthYear),
    month: Number(draft.birthMonth),
    day: Number(draft.birthDay),
  }
  if (birthParts.some((part) => part === '')) {
    errors.birth = t('jhsFree.form.errors.birthIncomplete')
  } else {
    const problem = jhsProfileProblem(birth, grade, now)
    if (problem?.field === 'birth') errors.birth = t(`jhsFree.form.errors.${problem.problem}`)
    else if (problem && !errors.grade) {
      errors.grade = t('jhsFree.form.errors.GRADE_MISMATCH', { expected: problem.expected })
    }
  }
  const certificates: Partial<Record<CertificateSlot, string>> = {}
  for (const slot of CERTIFICATE_SLOTS) {
    const upload = uploads[slot]
    if (upload === 'sending') errors[slot] = t('jhsFree.form.errors.uploading')
    else if (upload?.state !== 'COMPLETE') errors[slot] = t('jhsFree.form.errors.certificate')
    else certificates[slot] = upload.id
  }
  if (Object.keys(errors).length > 0) return { errors }
  return {
    body: {
      familyName: familyName!,
      givenName: givenName!,
      birthYear: birth.year,
      birthMonth: birth.month,
      birthDay: birth.day,
      mailAddress: mailAddress!,
      grade,
      kindDocument: kindDocument as KindDocument,
      certificates: certificates as Record<CertificateSlot, string>,
    },
  }
}
