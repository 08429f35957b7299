import { type Ref, type TextareaHTMLAttributes, useId } from 'react'
import { describedBy, FieldNotes } from './field-notes'

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string
  hint?: string | null
  /** The Japanese sentence of what is wrong with the value, shown under the field. */
  error?: string | null
  textAreaRef?: Ref<HTMLTextAreaElement>
}

/**
 * TextField's twin for text of several lines: labelled, with its hint and its error wired for
 * screen readers, uncontrolled (read when the form is sent); `id` is the form's, for its summary.
 */
export function TextAreaField({
  label,
  hint,
  error,
  textAreaRef,
  id,
  rows = 5,
  ...textArea
}: TextAreaFieldProps) {
  const ownId = useId()
  const textAreaId = id ?? ownId
  return (
    <div className="field">
      <label className="field-label" htmlFor={textAreaId}>
        {label}
      </label>
      <textarea
        ref={textAreaRef}
        id={textAreaId}
        rows={rows}
        className="field-input"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(textAreaId, { hint, error })}
        {...textArea}
      />
      <FieldNotes id={textAreaId} hint={hint} error={error} />
    </div>
  )
}
