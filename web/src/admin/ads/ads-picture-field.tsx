import { AD_ADMIN_LIMITS } from '@puribox/contract/admin-ads'
import { AD_PICTURE_SIZE } from '@puribox/contract/ads'
import { type ChangeEvent, useState } from 'react'
import { describedBy, FieldNotes } from '../../components/form/field-notes'
import { errorMessage, messageForCode } from '../../lib/error-message'
import { uploadAdPicture } from './ads-api'
import { t } from './ads-i18n'
import { ADS_ERRORS } from './ads-labels'

/** Too big, empty, or plainly not a picture; the server reads the content and decides the rest. */
function localProblem(file: File): string | null {
  if (file.size > AD_ADMIN_LIMITS.pictureMaxBytes) return 'PAYLOAD_TOO_LARGE'
  if (file.size === 0) return 'IMAGE_MISSING'
  if (file.type !== '' && !file.type.startsWith('image/')) return 'NOT_IMAGE_FILE'
  return null
}

/**
 * An ad's picture as a field of its form: a file chosen is sent at once (the server decodes it whole
 * and keeps it as the ad card's 960×480 JPEG) and the picture it kept is shown; the form then names
 * it by its path, a text the form carries (so the tab's draft keeps it through a reload). Nothing
 * changes for members until the form is saved.
 */
export function AdPictureField({
  field,
  value,
  onChange,
}: {
  field: { id: string; name: string; error: string | undefined }
  value: string
  onChange: (mediaUrl: string) => void
}) {
  const [uploading, setUploading] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [uploaded, setUploaded] = useState(false)
  const error = problem ?? field.error ?? null
  const hint = t('adminAds.form.pictureHint', {
    mb: AD_ADMIN_LIMITS.pictureMaxBytes / 1024 / 1024,
    width: AD_PICTURE_SIZE.width,
    height: AD_PICTURE_SIZE.height,
  })

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0]
    // Emptied, so that choosing the same file again is a change too.
    event.currentTarget.value = ''
    if (!picked) return
    setUploaded(false)
    const found = localProblem(picked)
    if (found) return setProblem(messageForCode(found, ADS_ERRORS))
    setProblem(null)
    setUploading(true)
    try {
      const answer = await uploadAdPicture(picked)
      onChange(answer.mediaUrl)
      setUploaded(true)
    } catch (failure) {
      setProblem(errorMessage(failure, ADS_ERRORS))
    } finally {
      setUploading(false)
    }
  }

  return (
    <fieldset className="content-fieldset">
      <legend className="field-label">{t('adminAds.form.picture')}</legend>
      <div className="ads-picture">
        {value ? (
          <img
            className="ads-picture__image"
            src={value}
            alt={t('adminAds.form.pictureAlt')}
            width={960}
            height={480}
          />
        ) : (
          <p className="ads-picture__none">{t('adminAds.form.pictureNone')}</p>
        )}
        <label className="button button--secondary file-picker" aria-disabled={uploading}>
          <input
            id={field.id}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png"
            disabled={uploading}
            onChange={(event) => void onPick(event)}
            aria-describedby={describedBy(field.id, { hint, error })}
            aria-invalid={error !== null}
          />
          {uploading
            ? t('adminAds.form.pictureUploading')
            : value
              ? t('adminAds.form.pictureChooseAnother')
              : t('adminAds.form.pictureChoose')}
        </label>
      </div>
      {uploaded && (
        <p className="note" role="status">
          {t('adminAds.form.pictureUploaded')}
        </p>
      )}
      <FieldNotes id={field.id} hint={hint} error={error} />
      {/* The picture's path as text, so the form's values and its draft carry it. */}
      <input type="text" name={field.name} value={value} hidden readOnly />
    </fieldset>
  )
}
