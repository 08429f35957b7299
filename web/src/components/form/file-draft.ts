/**
 * A file chosen in a form but not sent yet, kept in this browser (IndexedDB: sessionStorage cannot
 * hold a photo of a few MB), so that a reload or a trip to the login page does not lose it; forgotten
 * once the form is sent, when the choice is undone, or after a day. Keyed like the form's draft
 * (form-draft.ts), which includes whose it is. Without IndexedDB (private modes, tests) nothing is kept
 * and the form works as before.
 */

const DATABASE = 'puribox-drafts'
const STORE = 'files'
/** A choice older than this is not offered again (a shared phone the next day). */
const KEPT_MS = 24 * 60 * 60 * 1000

/** What a form's file control holds: a file chosen, or the current file taken away. */
export type FileDraft = { kind: 'file'; file: File } | { kind: 'remove' }

interface Stored {
  kind: FileDraft['kind']
  blob?: Blob
  name?: string
  type?: string
  savedAt: number
}

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null)
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DATABASE, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => resolve(null)
      request.onblocked = () => resolve(null)
    } catch {
      resolve(null)
    }
  })
}

/** Runs one request on the store; null when storage is refused or fails (a draft is a convenience). */
async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const database = await openDatabase()
  if (!database) return null
  return new Promise((resolve) => {
    try {
      const transaction = database.transaction(STORE, mode)
      const request = run(transaction.objectStore(STORE))
      transaction.oncomplete = () => {
        database.close()
        resolve(request.result)
      }
      transaction.onerror = () => {
        database.close()
        resolve(null)
      }
      transaction.onabort = transaction.onerror
    } catch {
      database.close()
      resolve(null)
    }
  })
}

export async function saveFileDraft(key: string, draft: FileDraft, now = Date.now()): Promise<void> {
  const stored: Stored =
    draft.kind === 'file'
      ? { kind: 'file', blob: draft.file, name: draft.file.name, type: draft.file.type, savedAt: now }
      : { kind: 'remove', savedAt: now }
  await withStore('readwrite', (store) => store.put(stored, key))
}

export async function readFileDraft(key: string, now = Date.now()): Promise<FileDraft | null> {
  const stored = (await withStore('readonly', (store) => store.get(key))) as Stored | undefined | null
  if (!stored || now - stored.savedAt > KEPT_MS) {
    if (stored) await clearFileDraft(key)
    return null
  }
  if (stored.kind === 'remove') return { kind: 'remove' }
  if (!(stored.blob instanceof Blob)) return null
  const file = new File([stored.blob], stored.name ?? 'image', { type: stored.type ?? stored.blob.type })
  return { kind: 'file', file }
}

export async function clearFileDraft(key: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(key))
}
