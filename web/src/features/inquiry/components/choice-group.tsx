import { useId } from 'react'
import { describedBy, FieldNotes } from '../../../components/form/field-notes'

/**
 * A few choices as radio buttons, each a 44 px row (the form kit's tick-box style): on a phone the
 * three account kinds or four ways to pay are read and tapped at once, without opening a list.
 */
export function ChoiceGroup({
  id,
  legend,
  hint,
  value,
  error,
  options,
  onChange,
}: {
  id: string
  legend: string
  hint?: string
  value: string
  error: string | null
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  const name = useId()
  return (
    <fieldset
      id={id}
      className="field inquiry-choices"
      tabIndex={-1}
      aria-describedby={describedBy(id, { hint, error })}
    >
      <legend className="field-label">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {options.map((option) => (
        <label key={option.value} className="check">
          <input
            type="radio"
            className="check__box"
            name={name}
            value={option.value}
            checked={value === option.value}
            aria-invalid={Boolean(error)}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      <FieldNotes id={id} error={error} />
    </fieldset>
  )
}
