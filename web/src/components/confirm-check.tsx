import { type Ref, useId } from 'react'

/**
 * The tick box a member must tick before something that cannot be undone (leaving, cancelling),
 * with its error when left unticked.
 */
export function ConfirmCheck({
  inputRef,
  label,
  error,
  name,
}: {
  inputRef: Ref<HTMLInputElement>
  label: string
  /** The message while it was left unticked; null otherwise. */
  error: string | null
  name?: string
}) {
  const id = useId()
  const errorId = useId()
  return (
    <div className="field">
      <label className="check" htmlFor={id}>
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          name={name}
          className="check__box"
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
        />
        <span>{label}</span>
      </label>
      {error !== null && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
