import { type InputHTMLAttributes, type Ref, useId } from 'react'
import { describedBy, FieldNotes } from './field-notes'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string
  hint?: string | null
  /** The Japanese sentence of what is wrong with the value, shown under the field. */
  error?: string | null
  inputRef?: Ref<HTMLInputElement>
  /** Extra class of the input, e.g. a modifier of `field-input`. */
  inputClassName?: string
}

/**
 * A labelled input with its hint and its error, wired for screen readers (`aria-describedby`,
 * `aria-invalid`). Uncontrolled: the value is read on submit, so typing before hydration counts and
 * nothing typed is lost when a request fails. `id` is the form's (useContractForm's `field`), so its
 * error summary can link here; without one the field makes its own.
 */
export function TextField({ label, hint, error, inputRef, inputClassName, id, ...input }: TextFieldProps) {
  const ownId = useId()
  const inputId = id ?? ownId
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={inputClassName ? `field-input ${inputClassName}` : 'field-input'}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(inputId, { hint, error })}
        {...input}
      />
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  )
}
