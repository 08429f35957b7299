import { apiPaths } from '@puribox/contract/api-paths'
import type { CertificateSlot } from '@puribox/contract/jhs-free'
import type { ChangeEvent } from 'react'
import { t } from '../i18n'
import type { SlotState } from '../use-certificates'

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? t('jhsFree.file.sizeMb', { size: (bytes / 1024 / 1024).toFixed(1) })
    : t('jhsFree.file.sizeKb', { size: Math.max(1, Math.round(bytes / 1024)) })
}

/**
 * One certificate picture: what it is, the button to choose it (sent at once, with its progress),
 * then its name, size and a small view of it (JPEG and PNG; a HEIC shows its name only).
 */
export function CertificateField({
  id,
  slot,
  state,
  error,
  onChoose,
  onRemove,
}: {
  id: string
  slot: CertificateSlot
  state: SlotState
  error: string | undefined
  onChoose: (file: File) => void
  onRemove: () => void
}) {
  const title = t(`jhsFree.lp.needs.${slot}.title`)
  const shownError = (state.phase === 'empty' && state.error) || error
  const busy = state.phase === 'sending'

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0]
    // Empty the input, so that choosing the same file again is a change too.
    event.currentTarget.value = ''
    if (picked) onChoose(picked)
  }

  return (
    <fieldset className="field jhs-certificate" aria-describedby={shownError ? `${id}-error` : `${id}-hint`}>
      <legend className="field-label">{title}</legend>
      <p id={`${id}-hint`} className="field-hint jhs-certificate__hint">
        {t(`jhsFree.lp.needs.${slot}.body`)}
      </p>
      {state.phase === 'done' && (
        <div className="jhs-certificate__done">
          {state.upload.contentType !== 'image/heic' && (
            <img
              className="jhs-certificate__thumb"
              src={apiPaths.jhsUploadFile.path.replace(':id', state.upload.id)}
              alt={t('jhsFree.file.preview', { slot: title })}
              width={64}
              height={64}
            />
          )}
          <p className="jhs-certificate__name" role="status">
            {t('jhsFree.file.sent', { name: state.upload.fileName, size: sizeText(state.upload.byteSize) })}
          </p>
        </div>
      )}
      {state.phase === 'sending' && (
        <div className="upload-progress">
          <progress
            max={100}
            value={state.percent}
            aria-label={t('jhsFree.file.sending', { percent: state.percent })}
          />
          <p role="status">
            {state.retrying
              ? t('jhsFree.file.retrying')
              : t('jhsFree.file.sending', { percent: state.percent })}
          </p>
        </div>
      )}
      {state.phase === 'stalled' && (
        <div className="notice" role="status">
          <p>
            {t('jhsFree.file.stalledTitle', {
              name: state.upload.fileName,
              percent: Math.floor((state.upload.offset / state.upload.byteSize) * 100),
            })}
          </p>
          <p>{t('jhsFree.file.stalledBody')}</p>
        </div>
      )}
      {state.phase === 'dropped' && (
        <div className="notice notice--error" role="alert">
          <p>{t('jhsFree.file.dropped')}</p>
          <button type="button" className="button button--block" onClick={() => onChoose(state.file)}>
            {t('jhsFree.file.resume')}
          </button>
        </div>
      )}
      <div className="jhs-certificate__actions">
        <label className="button button--secondary file-picker" aria-disabled={busy}>
          <input
            id={id}
            className="visually-hidden"
            type="file"
            name={slot}
            // image/* lets iPhones convert their HEIC photos to JPEG on the way.
            accept="image/jpeg,image/png,image/heic,image/heif,image/*"
            disabled={busy}
            onChange={onPick}
            aria-invalid={Boolean(shownError)}
          />
          {state.phase === 'done' ? t('jhsFree.file.change') : t('jhsFree.file.choose')}
        </label>
        {(state.phase === 'done' || state.phase === 'stalled' || state.phase === 'dropped' || busy) && (
          <button type="button" className="button button--secondary" onClick={onRemove}>
            {t('jhsFree.file.remove')}
          </button>
        )}
      </div>
      {shownError && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shownError}
        </p>
      )}
    </fieldset>
  )
}
