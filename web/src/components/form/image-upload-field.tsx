import { useMutation } from '@tanstack/react-query'
import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react'
import type { ClientErrorCode, EntityOf, JsonRouteKey, WithClock } from '../../lib/api-client'
import { errorCodeOf, messageForCode } from '../../lib/error-message'
import { uploadFile } from '../../lib/upload'
import { describedBy, noteIds } from './field-notes'
import { t } from './i18n'

/** What the browser can tell before sending, besides the server's codes. */
export type LocalImageProblem = 'NOT_IMAGE_FILE' | 'IMAGE_MISSING' | 'PAYLOAD_TOO_LARGE'

/** The server refused the file itself: no use sending it again, another must be chosen. */
const CONTENT_PROBLEMS: readonly ClientErrorCode[] = [
  'IMAGE_INVALID',
  'IMAGE_FORMAT_UNSUPPORTED',
  'PAYLOAD_TOO_LARGE',
]

/** The chosen file, to preview before it is sent. */
export interface ChosenImage {
  /** An object URL of the file. */
  url: string
  /** The browser could not show it (some formats only the server can read). */
  broken: boolean
  onError: () => void
}

/** Too big, empty, or plainly not a picture. The server checks the content. */
function localProblem(file: File, maxBytes: number): LocalImageProblem | null {
  if (file.size > maxBytes) return 'PAYLOAD_TOO_LARGE'
  if (file.size === 0) return 'IMAGE_MISSING'
  // Some phones give no type at all: the server decides then.
  if (file.type !== '' && !file.type.startsWith('image/')) return 'NOT_IMAGE_FILE'
  return null
}

interface ImageUploadFieldProps<K extends JsonRouteKey> {
  /** The multipart route of the contract the file is sent to, and the part's name. */
  route: K
  name: string
  maxBytes: number
  /** The picture: `chosen` is null while nothing is chosen (show the current one then). */
  renderImage: (chosen: ChosenImage | null) => ReactNode
  /**
   * Japanese sentences for the problems (LocalImageProblem and the server's codes), from the screen's
   * locale file; the common ones after.
   */
  messages: Readonly<Record<string, string>>
  hint?: string | null
  readOnly?: boolean
  /** Next to the picker while nothing is chosen (e.g. removing the current image). */
  actions?: ReactNode
  /** Another action of the screen is running: the field waits. */
  busy?: boolean
  /** The screen's own failure (e.g. removing), told where the field's are. */
  error?: string | null
  /** A file was chosen (the screen may clear what it said before). */
  onChoose?: () => void
  onUploaded: (entity: WithClock<EntityOf<K>>) => void
}

/**
 * An image to send: choose a file, see it, then send it with a progress bar (XHR, lib/upload.ts). A
 * refused file is told why; after a network failure it stays chosen to be sent again.
 */
export function ImageUploadField<K extends JsonRouteKey>({
  route,
  name,
  maxBytes,
  renderImage,
  messages,
  hint,
  readOnly = false,
  actions,
  busy = false,
  error,
  onChoose,
  onUploaded,
}: ImageUploadFieldProps<K>) {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null)
  const [previewBroken, setPreviewBroken] = useState(false)
  const [progress, setProgress] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(route, name, file, setProgress),
    onSuccess: (entity) => onUploaded(entity),
  })
  const inputId = useId()
  const ids = noteIds(inputId)
  const shownHint = readOnly ? null : hint
  const waiting = busy || upload.isPending
  const shownError = problem ?? error ?? null

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen])

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    // Empty the input, so that choosing the same file again is a change too.
    event.currentTarget.value = ''
    if (!file) return
    onChoose?.()
    const found = localProblem(file, maxBytes)
    setProblem(found && messageForCode(found, messages))
    if (found) return
    setPreviewBroken(false)
    setChosen({ file, url: URL.createObjectURL(file) })
  }

  function onUpload() {
    if (!chosen) return
    setProblem(null)
    setProgress(0)
    upload.mutate(chosen.file, {
      onSuccess: () => setChosen(null),
      onError: (failure) => {
        const code = errorCodeOf(failure)
        setProblem(messageForCode(code, messages))
        if (CONTENT_PROBLEMS.includes(code)) setChosen(null)
      },
    })
  }

  const percent = Math.round(progress * 100)
  const image = chosen
    ? renderImage({ url: chosen.url, broken: previewBroken, onError: () => setPreviewBroken(true) })
    : renderImage(null)

  return (
    <>
      <div className="image-upload__row">
        {image}
        {!readOnly && (
          <div className="image-upload__actions">
            <label className="button button--secondary file-picker" aria-disabled={waiting}>
              <input
                id={inputId}
                className="visually-hidden"
                type="file"
                name={name}
                // image/* lets iPhones convert their HEIC photos to JPEG on the way.
                accept="image/*"
                disabled={waiting}
                onChange={onPick}
                aria-describedby={describedBy(inputId, { hint: shownHint, error: shownError })}
                aria-invalid={shownError !== null}
              />
              {chosen ? t('form.image.chooseAnother') : t('form.image.choose')}
            </label>
            {!chosen && actions}
          </div>
        )}
      </div>
      {shownHint && (
        <p id={ids.hint} className="field-hint">
          {shownHint}
        </p>
      )}
      {chosen && !readOnly && (
        <div className="image-upload__confirm">
          <button type="button" className="button" disabled={waiting} onClick={onUpload}>
            {t('form.image.upload')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={waiting}
            onClick={() => {
              setChosen(null)
              setProblem(null)
            }}
          >
            {t('form.image.cancel')}
          </button>
        </div>
      )}
      {upload.isPending && <UploadProgress percent={percent} />}
      {shownError && (
        <p id={ids.error} className="field-error" role="alert">
          {shownError}
        </p>
      )}
    </>
  )
}

/** How much of a file has gone out; at 100 % the server is still storing it. */
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
