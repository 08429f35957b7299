/**
 * How each field of a form is named in its messages (with what else the area's checks need): the
 * fields `named` here by their own rule (the reason, a time named as a whole), every other one by
 * its label.
 */
export function fieldRules<F extends string, K extends F, R extends { label: string }>(
  fields: readonly F[],
  named: Readonly<Record<K, R>>,
  label: (field: Exclude<F, K>) => string,
): Record<F, R> {
  const rules = { ...named } as Partial<Record<F, R>>
  for (const field of fields) rules[field] ??= { label: label(field as Exclude<F, K>) } as R
  return rules as Record<F, R>
}
