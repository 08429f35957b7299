/**
 * A form's half-typed values kept in this tab (sessionStorage), so that a reload, or a trip to the
 * login page and back, does not lose them; forgotten once the form is sent. Only what a person types
 * or chooses in text fields, selects and text areas: never passwords, files or hidden values.
 */

const PREFIX = 'puribox:draft:'
const SKIPPED_TYPES = new Set([
  'password',
  'file',
  'hidden',
  'checkbox',
  'radio',
  'submit',
  'button',
  'reset',
])

type Draft = Readonly<Record<string, string>>

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    // Some browsers refuse storage altogether (privacy settings): the form simply keeps no draft.
    return null
  }
}

export function readDraft(key: string): Draft | null {
  try {
    const text = storage()?.getItem(PREFIX + key)
    const value: unknown = text ? JSON.parse(text) : null
    if (typeof value !== 'object' || value === null) return null
    return Object.fromEntries(Object.entries(value).filter((entry) => typeof entry[1] === 'string'))
  } catch {
    return null
  }
}

export function saveDraft(key: string, form: HTMLFormElement): void {
  const draft: Record<string, string> = {}
  for (const element of Array.from(form.elements)) {
    const kept =
      (element instanceof HTMLInputElement && !SKIPPED_TYPES.has(element.type)) ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement
    if (kept && element.name !== '') draft[element.name] = element.value
  }
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(draft))
  } catch {
    // Storage full or refused: the draft is a convenience, the form works without it.
  }
}

/**
 * Keeps a draft a screen holds itself (a form over several steps, whose values are not all in one
 * `<form>` at once), under the same key space and rules as `saveDraft`.
 */
export function writeDraft(key: string, draft: Draft): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(draft))
  } catch {
    // As in saveDraft: the draft is a convenience.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key)
  } catch {
    // As above: nothing to forget.
  }
}
