import { PROFILE_LIMITS } from '@puribox/contract/profile-rules'
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api-client'
import { type Profile, useRemoveProfileImage, useUploadProfileImage } from '../api/profile'
import { t } from '../i18n'

type ImageProblem =
  | 'NOT_IMAGE_FILE'
  | 'IMAGE_INVALID'
  | 'IMAGE_FORMAT_UNSUPPORTED'
  | 'PAYLOAD_TOO_LARGE'
  | 'IMAGE_MISSING'
  | 'SNS_RESTRICTED'
  | 'ACCOUNT_SUSPENDED'
  | 'UNAUTHENTICATED'
  | 'NETWORK'
  | 'generic'

const CONTENT_PROBLEMS: readonly ImageProblem[] = [
  'IMAGE_INVALID',
  'IMAGE_FORMAT_UNSUPPORTED',
  'PAYLOAD_TOO_LARGE',
]

function problemOf(error: unknown): ImageProblem {
  if (!(error instanceof ApiError)) return 'generic'
  switch (error.code) {
    case 'IMAGE_INVALID':
    case 'IMAGE_FORMAT_UNSUPPORTED':
    case 'PAYLOAD_TOO_LARGE':
    case 'IMAGE_MISSING':
    case 'SNS_RESTRICTED':
    case 'ACCOUNT_SUSPENDED':
    case 'UNAUTHENTICATED':
    case 'NETWORK':
      return error.code
    default:
      return 'generic'
  }
}

function problemText(problem: ImageProblem): string {
  switch (problem) {
    case 'SNS_RESTRICTED':
    case 'ACCOUNT_SUSPENDED':
    case 'UNAUTHENTICATED':
      return t(`profile.errors.${problem}`)
    case 'NETWORK':
      return t('common.errors.NETWORK')
    case 'generic':
      return t('common.errors.generic')
    default:
      return t(`profile.image.errors.${problem}`)
  }
}

/** What the browser can tell before sending: too big, or plainly not a picture. The server checks the content. */
function localProblem(file: File): ImageProblem | null {
  if (file.size > PROFILE_LIMITS.imageMaxBytes) return 'PAYLOAD_TOO_LARGE'
  if (file.size === 0) return 'IMAGE_MISSING'
  // Some phones give no type at all: the server decides then.
  if (file.type !== '' && !file.type.startsWith('image/')) return 'NOT_IMAGE_FILE'
  return null
}

function Avatar({ src, alt, onError }: { src: string | null; alt: string; onError?: () => void }) {
  if (!src) return <span className="avatar avatar--empty" role="img" aria-label={alt} />
  return <img className="avatar" src={src} alt={alt} width={112} height={112} onError={onError} />
}

/**
 * The profile image: choose a file, see it, then send it with a progress bar. A refused file is
 * told why, and stays chosen so the person can try another or again.
 */
export function ProfileImageField({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null)
  const [previewBroken, setPreviewBroken] = useState(false)
  const [progress, setProgress] = useState(0)
  const [problem, setProblem] = useState<ImageProblem | null>(null)
  const [done, setDone] = useState<'uploaded' | 'removed' | null>(null)
  const upload = useUploadProfileImage(setProgress)
  const remove = useRemoveProfileImage()
  const titleId = useId()
  const hintId = useId()
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const busy = upload.isPending || remove.isPending

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen])

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    // Empty the input, so that choosing the same file again is a change too.
    event.currentTarget.value = ''
    if (!file) return
    setDone(null)
    const found = localProblem(file)
    setProblem(found)
    if (found) return
    setPreviewBroken(false)
    setChosen({ file, url: URL.createObjectURL(file) })
  }

  function onUpload() {
    if (!chosen) return
    setProblem(null)
    setProgress(0)
    upload.mutate(chosen.file, {
      onSuccess: () => {
        setChosen(null)
        setDone('uploaded')
      },
      onError: (error) => {
        const found = problemOf(error)
        setProblem(found)
        // A file the server refused by its content is no use again: choose another. After a
        // network failure it stays, to be sent again.
        if (CONTENT_PROBLEMS.includes(found)) setChosen(null)
      },
    })
  }

  function onRemove() {
    setProblem(null)
    setDone(null)
    remove.mutate(undefined, {
      onSuccess: () => setDone('removed'),
      onError: (error) => setProblem(problemOf(error)),
    })
  }

  const percent = Math.round(progress * 100)

  return (
    <section className="card profile-image" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('profile.image.title')}
      </h2>
      <div className="profile-image__row">
        {chosen ? (
          previewBroken ? (
            <span className="avatar avatar--empty avatar--text">{t('profile.image.noPreview')}</span>
          ) : (
            <Avatar src={chosen.url} alt={t('profile.image.chosen')} onError={() => setPreviewBroken(true)} />
          )
        ) : (
          <Avatar
            src={profile.profileImageUrl}
            alt={profile.profileImageUrl ? t('profile.image.current') : t('profile.image.none')}
          />
        )}
        {!readOnly && (
          <div className="profile-image__actions">
            <label className="button button--secondary file-picker" aria-disabled={busy}>
              <input
                ref={inputRef}
                className="visually-hidden"
                type="file"
                name="image"
                // image/* lets iPhones convert their HEIC photos to JPEG on the way.
                accept="image/*"
                disabled={busy}
                onChange={onChoose}
                aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
                aria-invalid={problem !== null}
              />
              {chosen ? t('profile.image.chooseAnother') : t('profile.image.choose')}
            </label>
            {!chosen && profile.profileImageUrl && (
              <button type="button" className="button button--secondary" disabled={busy} onClick={onRemove}>
                {t('profile.image.remove')}
              </button>
            )}
          </div>
        )}
      </div>
      {!readOnly && (
        <p id={hintId} className="field-hint">
          {t('profile.image.hint')}
        </p>
      )}
      {chosen && !readOnly && (
        <div className="profile-image__confirm">
          <button type="button" className="button" disabled={busy} onClick={onUpload}>
            {t('profile.image.upload')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => {
              setChosen(null)
              setProblem(null)
            }}
          >
            {t('profile.image.cancel')}
          </button>
        </div>
      )}
      {upload.isPending && (
        <div className="upload-progress">
          <progress max={100} value={percent} aria-label={t('profile.image.uploading', { percent })} />
          <p role="status">
            {percent < 100 ? t('profile.image.uploading', { percent }) : t('profile.image.processing')}
          </p>
        </div>
      )}
      {problem && (
        <p id={errorId} className="field-error" role="alert">
          {problemText(problem)}
        </p>
      )}
      <p className="form-outcome form-outcome--ok" role="status">
        {done ? t(`profile.image.${done}`) : ''}
      </p>
    </section>
  )
}
