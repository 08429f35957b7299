/**
 * The fields of a recorded change that say who a person is or how to reach them. An operator who may
 * not see personal data (the viewer role) reads them masked. A module that records a new kind of
 * personal field adds its name here; the test lists what is masked.
 */
const PERSONAL_FIELDS = new Set([
  'mailAddress',
  'newMailAddress',
  'mailAddresses',
  'replyTo',
  'familyName',
  'givenName',
  'familyNameKana',
  'givenNameKana',
  'nickname',
  'birthday',
  'phoneNumber',
  'postalCode',
  'schoolName',
  'guardianName',
  'guardianMailAddress',
  'clientIp',
  'ip',
])

/**
 * Fields that are personal only when the change is about a person: a member's `name` and `address`
 * are, a shop's are not. What a person wrote (an inquiry's `text`, and an operator's reply or note
 * about them) may name them or tell anything of them; their seal IDs open their pictures.
 */
const PERSONAL_WHEN_ABOUT_A_PERSON = new Set(['name', 'address', 'text', 'sealIds', 'checkedImage'])

/** The kinds of target that are people, or a person's own records. */
const PERSON_TARGETS = new Set(['account', 'school-application', 'inquiry', 'operator', 'operator-mail'])

/** What a masked value reads as. */
export const MASKED = '***'

/** Whether a field (by its name in a recorded change about a target of this kind) holds personal data. */
export function isPersonalField(name: string, targetKind: string): boolean {
  return (
    PERSONAL_FIELDS.has(name) || (PERSON_TARGETS.has(targetKind) && PERSONAL_WHEN_ABOUT_A_PERSON.has(name))
  )
}

/**
 * A copy of a recorded change with every personal field masked, however deeply it sits (an array of
 * guardians, a nested address). A missing value stays missing: null says "there was none".
 */
export function maskPersonalData(value: unknown, targetKind: string): unknown {
  if (Array.isArray(value)) return value.map((item) => maskPersonalData(item, targetKind))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      isPersonalField(key, targetKind) && field !== null && field !== undefined
        ? MASKED
        : maskPersonalData(field, targetKind),
    ]),
  )
}

/**
 * A copy of an answer with every text under a personal field masked and its shape kept: a list
 * stays a list of as many items, a number stays a number (a puri's number in a seal is no one's
 * data), so the copy still matches the answer's schema. `maskPersonalData` is for a recorded change,
 * whose shape is free.
 */
export function maskPersonalTexts<T>(value: T, targetKind: string): T {
  const walk = (item: unknown, personal: boolean): unknown => {
    if (typeof item === 'string') return personal ? MASKED : item
    if (Array.isArray(item)) return item.map((entry) => walk(entry, personal))
    if (item === null || typeof item !== 'object') return item
    return Object.fromEntries(
      Object.entries(item).map(([key, field]) => [
        key,
        walk(field, personal || isPersonalField(key, targetKind)),
      ]),
    )
  }
  return walk(value, false) as T
}
