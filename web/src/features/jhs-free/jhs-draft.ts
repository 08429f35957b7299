/**
 * What the person typed in the form, kept in this tab (sessionStorage, as the form kit's drafts) so
 * that a reload, a trip to the login page after the session ran out, or the confirm step and back
 * loses nothing; keyed by account, forgotten once the application is sent. The pictures are kept
 * by the server (uploads not sent yet), not here.
 */
export interface JhsDraft {
  familyName: string
  givenName: string
  birthYear: string
  birthMonth: string
  birthDay: string
  mailAddress: string
  grade: string
  kindDocument: string
}

export const EMPTY_DRAFT: JhsDraft = {
  familyName: '',
  givenName: '',
  birthYear: '',
  birthMonth: '',
  birthDay: '',
  mailAddress: '',
  grade: '',
  kindDocument: '',
}

const keyOf = (accountId: string) => `puribox:draft:jhsFree:${accountId}`

export function readJhsDraft(accountId: string): JhsDraft | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(keyOf(accountId)) ?? 'null')
    if (typeof value !== 'object' || value === null) return null
    const draft = { ...EMPTY_DRAFT }
    for (const name of Object.keys(EMPTY_DRAFT) as (keyof JhsDraft)[]) {
      const field = (value as Record<string, unknown>)[name]
      if (typeof field === 'string') draft[name] = field
    }
    return draft
  } catch {
    return null
  }
}

export function saveJhsDraft(accountId: string, draft: JhsDraft): void {
  try {
    sessionStorage.setItem(keyOf(accountId), JSON.stringify(draft))
  } catch {
    // Storage refused: the form works, without surviving a reload.
  }
}

export function clearJhsDraft(accountId: string): void {
  try {
    sessionStorage.removeItem(keyOf(accountId))
  } catch {
    // As above.
  }
}
