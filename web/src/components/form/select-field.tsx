import { type SelectHTMLAttributes, useId } from 'react'
import { describedBy, FieldNotes } from './field-notes'

export interface SelectOption {
  value: string
  label: string
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> {
  label: string
  options: readonly SelectOption[]
  hint?: string | null
  error?: string | null
}

/** A labelled choice from a list, with its hint and its error, like TextField. Uncontrolled. */
export function SelectField({ label, options, hint, error, id, ...select }: SelectFieldProps) {
  const ownId = useId()
  const selectId = id ?? ownId
  return (
    <div className="field">
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="field-input field-select"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(selectId, { hint, error })}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes id={selectId} hint={hint} error={error} />
    </div>
  )
}
