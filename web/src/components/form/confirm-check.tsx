import { type Ref, useId } from 'react'
import { describedBy, FieldNotes } from './field-notes'

/**
 * The tick box a member must tick before something that cannot be undone (leaving, cancelling),
 * with its error when left unticked.
 */
export function ConfirmCheck({
  id,
  inputRef,
  label,
  error,
  name,
}: {
  /** The form's id for it (useContractForm's `field`); made here when not given. */
  id?: string
  inputRef?: Ref<HTMLInputElement>
  label: string
  /** The message while it was left unticked; null otherwise. */
  error?: string | null
  name?: string
}) {
  const ownId = useId()
  const boxId = id ?? ownId
  return (
    <div className="field">
      <label className="check" htmlFor={boxId}>
        <input
          ref={inputRef}
          id={boxId}
          type="checkbox"
          name={name}
          className="check__box"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(boxId, { error })}
        />
        <span>{label}</span>
      </label>
      <FieldNotes id={boxId} error={error} />
    </div>
  )
}
