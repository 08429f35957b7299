import { PROFILE_IMAGE_FIELD, PROFILE_LIMITS } from '@puribox/contract/profile-rules'
import { useId, useState } from 'react'
import { ImageUploadField } from '../../../components/form/image-upload-field'
import { errorMessage } from '../../../lib/error-message'
import profileTexts from '../../../locales/ja/profile.json'
import { type Profile, useProfileChanged, useRemoveProfileImage } from '../api/profile'
import { t } from '../i18n'

/** The image's problems in this screen's words: the file's, then the account's (penalties, sign-in). */
const imageMessages = {
  ...profileTexts.image.errors,
  SNS_RESTRICTED: profileTexts.errors.SNS_RESTRICTED,
  ACCOUNT_SUSPENDED: profileTexts.errors.ACCOUNT_SUSPENDED,
  UNAUTHENTICATED: profileTexts.errors.UNAUTHENTICATED,
}

function Avatar({ src, alt, onError }: { src: string | null; alt: string; onError?: () => void }) {
  if (!src) return <span className="avatar avatar--empty" role="img" aria-label={alt} />
  return <img className="avatar" src={src} alt={alt} width={112} height={112} onError={onError} />
}

/**
 * The profile image: choose a file, see it, then send it with a progress bar; or remove the one
 * there is. A refused file is told why, and stays chosen so the person can try another or again.
 */
export function ProfileImageField({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const [done, setDone] = useState<'uploaded' | 'removed' | null>(null)
  const profileChanged = useProfileChanged()
  const remove = useRemoveProfileImage()
  const titleId = useId()

  function onRemove() {
    setDone(null)
    remove.mutate(undefined, { onSuccess: () => setDone('removed') })
  }

  return (
    <section className="card profile-image" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('profile.image.title')}
      </h2>
      <ImageUploadField
        route="profileImageUpload"
        name={PROFILE_IMAGE_FIELD}
        maxBytes={PROFILE_LIMITS.imageMaxBytes}
        messages={imageMessages}
        hint={t('profile.image.hint')}
        readOnly={readOnly}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, imageMessages) : null}
        onChoose={() => {
          setDone(null)
          remove.reset()
        }}
        onUploaded={(uploaded) => {
          profileChanged(uploaded)
          setDone('uploaded')
        }}
        renderImage={(chosen) => {
          if (!chosen)
            return (
              <Avatar
                src={profile.profileImageUrl}
                alt={profile.profileImageUrl ? t('profile.image.current') : t('profile.image.none')}
              />
            )
          if (chosen.broken)
            return <span className="avatar avatar--empty avatar--text">{t('profile.image.noPreview')}</span>
          return <Avatar src={chosen.url} alt={t('profile.image.chosen')} onError={chosen.onError} />
        }}
        actions={
          profile.profileImageUrl && (
            <button
              type="button"
              className="button button--secondary"
              disabled={remove.isPending}
              onClick={onRemove}
            >
              {t('profile.image.remove')}
            </button>
          )
        }
      />
      <p className="form-outcome form-outcome--ok" role="status">
        {done ? t(`profile.image.${done}`) : ''}
      </p>
    </section>
  )
}
