/** The ids of a field's hint and error, from the id of its control. */
export function noteIds(id: string): { hint: string; error: string } {
  return { hint: `${id}-hint`, error: `${id}-error` }
}

/**
 * What a control's `aria-describedby` names: its error first (what changed), then its hint;
 * undefined when it has neither.
 */
export function describedBy(id: string, notes: { hint?: string | null; error?: string | null }) {
  const ids = noteIds(id)
  const list = [notes.error ? ids.error : null, notes.hint ? ids.hint : null].filter(Boolean)
  return list.length > 0 ? list.join(' ') : undefined
}

/**
 * The hint and the error under a control, the same in every field of the kit: the hint first, then
 * the error, read out at once (`role="alert"`) when it appears.
 */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string | null; error?: string | null }) {
  const ids = noteIds(id)
  return (
    <>
      {hint && (
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
