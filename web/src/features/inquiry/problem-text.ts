import { INQUIRY_LIMITS, type InquiryField, type InquiryProblem } from '@puribox/contract/inquiry-rules'
import { t } from './i18n'

/** Where a problem is shown: the control of a list's entry (`sealIds.1`), or the field's. */
export function problemKey(problem: Pick<InquiryProblem, 'field' | 'index'>): string {
  return problem.index === undefined ? problem.field : `${problem.field}.${problem.index}`
}

const MAX_OF: Partial<Record<InquiryField, number>> = {
  text: INQUIRY_LIMITS.textMax,
  machine: INQUIRY_LIMITS.machineMax,
  shop: INQUIRY_LIMITS.shopMax,
  sealIds: INQUIRY_LIMITS.sealIdsMax,
  mailAddresses: INQUIRY_LIMITS.mailAddressesMax,
}

const CHOICES: readonly InquiryField[] = ['carrier', 'accountKind', 'paymentKind', 'checkedImage']

/** The Japanese sentence of a problem, as specific to its field as helps. */
export function problemText({ field, problem, suggestion }: InquiryProblem): string {
  if (problem === 'MALFORMED' && field === 'sealIds') return t('inquiry.problems.sealMalformed')
  if (problem === 'MALFORMED' && field === 'mailAddresses') return t('inquiry.problems.mailMalformed')
  if (problem === 'REQUIRED' && CHOICES.includes(field)) return t('inquiry.problems.select')
  if (problem === 'REQUIRED' && field === 'howToRegister') return t('inquiry.problems.howToRegister')
  if (problem === 'OUT_OF_RANGE' && field === 'paymentPrice')
    return t('inquiry.problems.price', { max: INQUIRY_LIMITS.paymentPriceMax })
  return t(`inquiry.problems.${problem}`, {
    min: INQUIRY_LIMITS.textMin,
    max: MAX_OF[field] ?? '',
    suggestion: suggestion ?? '',
  })
}

/**
 * The name of the field a problem key is about (`sealIds.1`: the second seal ID's label): the error
 * summary names it, as its sentences alone (REQUIRED's, twice) would not say which field they mean.
 */
export function fieldName(key: string): string {
  const [field, index] = key.split('.')
  if (index !== undefined && field === 'mailAddresses')
    return t('inquiry.fields.mailAddressMore', { number: Number(index) + 1 })
  if (index !== undefined && field === 'sealIds')
    return t('inquiry.fields.sealIdMore', { number: Number(index) + 1 })
  return t(`inquiry.fields.${field as InquiryField}`)
}
