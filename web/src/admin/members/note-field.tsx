import { MEMBER_ADMIN_LIMITS } from '@puribox/contract/admin-members'
import type { z } from 'zod'
import type { FormValues } from '../../components/form/form-values'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors } from '../../components/form/use-contract-form'
import { t } from './i18n'

/** The operator's note an action may carry: kept for operators, never shown to the member. */
export function NoteField(field: { id: string; name: string; error: string | undefined }) {
  return (
    <TextField
      {...field}
      label={t('adminMembers.note.label')}
      hint={t('adminMembers.note.hint', { max: MEMBER_ADMIN_LIMITS.noteMax })}
      autoComplete="off"
      maxLength={MEMBER_ADMIN_LIMITS.noteMax}
    />
  )
}

/** The note as typed, trimmed; absent when left empty. */
export function readNote(values: FormValues): string | undefined {
  const note = values.text('note').trim()
  return note === '' ? undefined : note
}

/** The Japanese sentence of each field the contract's body schema refused (the first issue of each). */
export function bodyErrors<F extends string>(
  error: z.ZodError | undefined,
  sentences: Readonly<Record<F, string>>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0]
    if (typeof field === 'string' && Object.hasOwn(sentences, field))
      errors[field as F] ??= sentences[field as F]
  }
  return errors
}

/** The note's rule, told when the schema refuses it: its length and no line breaks. */
export const noteError = () => t('adminMembers.note.error', { max: MEMBER_ADMIN_LIMITS.noteMax })
