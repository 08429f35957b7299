import { type ChangeEvent, type ReactNode, useCallback, useEffect, useState } from 'react'
import { messageForCode } from '../../lib/error-message'
import { describedBy, FieldNotes } from './field-notes'
import { clearFileDraft, readFileDraft, saveFileDraft } from './file-draft'
import { t } from './i18n'

/** What a form will do with its picture when sent: leave it, send a chosen file, or take it away. */
export type ImageChoice =
  | { kind: 'keep' }
  /** `restored`: chosen before a reload, kept in this browser (file-draft.ts). */
  | { kind: 'file'; file: File; restored: boolean }
  | { kind: 'remove' }

const KEEP: ImageChoice = { kind: 'keep' }

/** What the browser can tell before sending, besides the server's codes. */
export type LocalImageProblem = 'NOT_IMAGE_FILE' | 'IMAGE_MISSING' | 'PAYLOAD_TOO_LARGE'

/** Too big, empty, or plainly not a picture. The server checks the content. */
function localProblem(file: File, maxBytes: number): LocalImageProblem | null {
  if (file.size > maxBytes) return 'PAYLOAD_TOO_LARGE'
  if (file.size === 0) return 'IMAGE_MISSING'
  // Some phones give no type at all: the server decides then.
  if (file.type !== '' && !file.type.startsWith('image/')) return 'NOT_IMAGE_FILE'
  return null
}

/**
 * The picture a form will send, kept in this browser under `draftKey` until the form is sent (a
 * reload, or signing in again, brings it back). `sent` forgets it once the form was saved.
 */
export function useImageChoice(draftKey?: string) {
  const [choice, setChoice] = useState<ImageChoice>(KEEP)

  useEffect(() => {
    if (!draftKey) return
    let active = true
    void readFileDraft(draftKey).then((draft) => {
      if (!active || !draft) return
      // A choice made while the draft was being read wins.
      setChoice((current) =>
        current.kind !== 'keep'
          ? current
          : draft.kind === 'remove'
            ? { kind: 'remove' }
            : { kind: 'file', file: draft.file, restored: true },
      )
    })
    return () => {
      active = false
    }
  }, [draftKey])

  const change = useCallback(
    (next: ImageChoice) => {
      setChoice(next)
      if (!draftKey) return
      if (next.kind === 'keep') void clearFileDraft(draftKey)
      else void saveFileDraft(draftKey, next.kind === 'file' ? { kind: 'file', file: next.file } : next)
    },
    [draftKey],
  )

  const sent = useCallback(() => {
    setChoice(KEEP)
    if (draftKey) void clearFileDraft(draftKey)
  }, [draftKey])

  return { choice, change, sent }
}

/** The chosen file, to preview before it is sent. */
export interface ChosenImage {
  /** An object URL of the file. */
  url: string
  /** The browser could not show it (some formats only the server can read). */
  broken: boolean
  onError: () => void
}

interface ImageFieldProps {
  /** The file control's id (useContractForm's `field`, so that focus and the summary reach it). */
  id: string
  name: string
  maxBytes: number
  choice: ImageChoice
  onChoice: (choice: ImageChoice) => void
  /** There is a picture now, which the form may take away. */
  hasCurrent: boolean
  /**
   * The picture: `chosen` while a file is chosen, else null (the current one, or none when
   * `removed`).
   */
  renderImage: (chosen: ChosenImage | null, removed: boolean) => ReactNode
  /** Japanese sentences for LocalImageProblem, from the screen's locale file; the common ones after. */
  messages: Readonly<Record<string, string>>
  hint?: string | null
  /** What the choice will do once the form is sent (the screen's words, naming its button). */
  note?: string | null
  /** The server refused the picture (useContractForm's error for the field). */
  error?: string
  readOnly?: boolean
  /** The form is being sent: the choice waits. */
  busy?: boolean
}

/**
 * A picture as one field of a form: choose a file and see it, or take the current picture away;
 * nothing is sent until the form is. A file that is plainly not a picture, or too big, is told at
 * once and not taken; a file the server refuses stays chosen, with why, until another is chosen.
 */
export function ImageField({
  id,
  name,
  maxBytes,
  choice,
  onChoice,
  hasCurrent,
  renderImage,
  messages,
  hint,
  note,
  error,
  readOnly = false,
  busy = false,
}: ImageFieldProps) {
  const [problem, setProblem] = useState<string | null>(null)
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null)
  const [previewBroken, setPreviewBroken] = useState(false)
  const shownHint = readOnly ? null : hint
  const shownError = problem ?? error ?? null
  const file = choice.kind === 'file' ? choice.file : null

  // One object URL per chosen file, let go when another is chosen or the field goes.
  useEffect(() => {
    if (!file) {
      setPreview(null)
      return
    }
    const url = URL.createObjectURL(file)
    setPreview({ file, url })
    setPreviewBroken(false)
    return () => URL.revokeObjectURL(url)
  }, [file])

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0]
    // Empty the input, so that choosing the same file again is a change too.
    event.currentTarget.value = ''
    if (!picked) return
    const found = localProblem(picked, maxBytes)
    setProblem(found && messageForCode(found, messages))
    if (!found) onChoice({ kind: 'file', file: picked, restored: false })
  }

  function undo() {
    setProblem(null)
    onChoice(KEEP)
  }

  const image =
    preview && preview.file === file
      ? renderImage({ url: preview.url, broken: previewBroken, onError: () => setPreviewBroken(true) }, false)
      : renderImage(null, choice.kind === 'remove')

  return (
    <>
      <div className="image-upload__row">
        {image}
        {!readOnly && (
          <div className="image-upload__actions">
            <label className="button button--secondary file-picker" aria-disabled={busy}>
              <input
                id={id}
                className="visually-hidden"
                type="file"
                name={name}
                // image/* lets iPhones convert their HEIC photos to JPEG on the way.
                accept="image/*"
                disabled={busy}
                onChange={onPick}
                aria-describedby={describedBy(id, { hint: shownHint, error: shownError })}
                aria-invalid={shownError !== null}
              />
              {file ? t('form.image.chooseAnother') : t('form.image.choose')}
            </label>
            {choice.kind !== 'keep' && (
              <button type="button" className="button button--secondary" disabled={busy} onClick={undo}>
                {choice.kind === 'file' ? t('form.image.undoChoice') : t('form.image.undoRemove')}
              </button>
            )}
            {choice.kind === 'keep' && hasCurrent && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => {
                  setProblem(null)
                  onChoice({ kind: 'remove' })
                }}
              >
                {t('form.image.remove')}
              </button>
            )}
          </div>
        )}
      </div>
      {note && !readOnly && (
        <p className="field-hint image-upload__note" role="status">
          {note}
        </p>
      )}
      <FieldNotes id={id} hint={shownHint} error={shownError} />
    </>
  )
}

/** How much of a form's upload has gone out; at 100 % the server is still storing it. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label={t('form.image.uploading', { percent })} />
      <p role="status">
        {percent < 100 ? t('form.image.uploading', { percent }) : t('form.image.processing')}
      </p>
    </div>
  )
}
