/**
 * The fields of a recorded change that say who a person is or how to reach them. An operator who may
 * not see personal data (the viewer role) reads them masked. A module that records a new kind of
 * personal field adds its name here; the test lists what is masked.
 */
const PERSONAL_FIELDS = new Set([
  'mailAddress',
  'newMailAddress',
  'name',
  'familyName',
  'givenName',
  'familyNameKana',
  'givenNameKana',
  'nickname',
  'birthday',
  'phoneNumber',
  'address',
  'postalCode',
  'schoolName',
  'guardianName',
  'guardianMailAddress',
  'clientIp',
  'ip',
])

/** What a masked value reads as. */
export const MASKED = '***'

/** Whether a field (by its name in a recorded change) holds personal data. */
export function isPersonalField(name: string): boolean {
  return PERSONAL_FIELDS.has(name)
}

/**
 * A copy of a recorded change with every personal field masked, however deeply it sits (an array of
 * guardians, a nested address). A missing value stays missing: null says "there was none".
 */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      isPersonalField(key) && field !== null && field !== undefined ? MASKED : maskPersonalData(field),
    ]),
  )
}
