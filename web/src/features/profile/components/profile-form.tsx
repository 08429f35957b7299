import { links } from '@puribox/contract/pages'
import type { ProfileSaveFields } from '@puribox/contract/profile'
import {
  GENDERS,
  japanDate,
  PREFECTURES,
  PROFILE_FIELDS_PART,
  PROFILE_IMAGE_FIELD,
  PROFILE_LIMITS,
} from '@puribox/contract/profile-rules'
import { loginPath } from '@puribox/contract/registration-paths'
import { useId, useRef, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { BirthdayField, birthdayParts } from '../../../components/form/birthday-field'
import { Form, FormProblemNotice, SubmitButton } from '../../../components/form/form'
import {
  type ChosenImage,
  ImageField,
  UploadProgress,
  useImageChoice,
} from '../../../components/form/image-field'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../../components/form/use-contract-form'
import type { ClientErrorCode } from '../../../lib/api-client'
import { nowFor, useClock } from '../../../lib/clock'
import { messageForCode } from '../../../lib/error-message'
import { type MultipartPart, sendMultipart } from '../../../lib/upload'
import profileTexts from '../../../locales/ja/profile.json'
import { type Profile, useProfileChanged } from '../api/profile'
import { t } from '../i18n'
import {
  checkProfileForm,
  PROFILE_FIELDS,
  type ProfileProblems,
  refusedBirthday,
  refusedNickname,
} from '../profile-form-values'

type ProfileField = 'image' | 'nickname' | 'birthday'

/** The answers told above the button with this screen's words (the others are the common ones). */
const formErrors = {
  SNS_RESTRICTED: profileTexts.errors.SNS_RESTRICTED,
  ACCOUNT_SUSPENDED: profileTexts.errors.ACCOUNT_SUSPENDED,
  UNAUTHENTICATED: profileTexts.errors.UNAUTHENTICATED,
  VALIDATION_FAILED: profileTexts.errors.VALIDATION_FAILED,
}

/** The picture's problems: what the browser sees before sending, and what the server refuses. */
const imageErrors: Readonly<Record<string, string>> = profileTexts.image.errors

/** The server's refusals of the picture, told next to it. */
const IMAGE_CODES = [
  'IMAGE_INVALID',
  'IMAGE_FORMAT_UNSUPPORTED',
  'IMAGE_MISSING',
  'PAYLOAD_TOO_LARGE',
] as const

function fieldErrors(problems: ProfileProblems): FieldErrors<ProfileField> {
  return {
    nickname: problems.nickname && t(`profile.errors.nickname.${problems.nickname}`),
    birthday: problems.birthday && t(`profile.errors.birthday.${problems.birthday}`),
  }
}

/** What the save sends: the fields, and the chosen picture (or none any more). */
interface ProfileSave {
  fields: ProfileSaveFields
  image: File | null
}

function Avatar({ src, alt, onError }: { src: string | null; alt: string; onError?: () => void }) {
  if (!src) return <span className="avatar avatar--empty" role="img" aria-label={alt} />
  return <img className="avatar" src={src} alt={alt} width={112} height={112} onError={onError} />
}

function profileImage(profile: Profile, chosen: ChosenImage | null, removed: boolean) {
  if (chosen) {
    if (chosen.broken)
      return <span className="avatar avatar--empty avatar--text">{t('profile.image.noPreview')}</span>
    return <Avatar src={chosen.url} alt={t('profile.image.chosen')} onError={chosen.onError} />
  }
  const current = removed ? null : profile.profileImageUrl
  return <Avatar src={current} alt={current ? t('profile.image.current') : t('profile.image.none')} />
}

/**
 * The whole profile, saved with one button: the picture (chosen, or taken away) and nickname,
 * birthday, gender and prefecture go in one request (`POST /sp/profile`), saved together or not at
 * all. The fields are read when the form is sent, so whatever fails, what the person typed or chose
 * stays; a half-done form is kept in this tab, the chosen picture in this browser (a reload, or
 * signing in again, does not lose them). Mistakes the rules can see are told next to their field
 * before any request; the server's answer is mapped back to the same places.
 */
export function ProfileForm({
  profile,
  readOnly,
  accountId,
}: {
  profile: Profile
  readOnly: boolean
  /** Whose draft this is: another member signing in on this tab does not get it. */
  accountId: string
}) {
  const clock = useClock()
  const profileChanged = useProfileChanged()
  const nicknameRef = useRef<HTMLInputElement>(null)
  const imageTitleId = useId()
  const [progress, setProgress] = useState(0)
  const draft = readOnly ? undefined : `profile:${accountId}`
  const picture = useImageChoice(draft)
  const { choice } = picture

  const save = useContractForm({
    route: 'profileSave',
    fields: ['image', 'nickname', 'birthday'],
    request: (values) => {
      const checked = checkProfileForm(values, nowFor(clock))
      if (!checked.ok) return { errors: fieldErrors(checked.problems) }
      const input: ProfileSave = {
        fields: { ...checked.body, ...(choice.kind === 'remove' ? { removeImage: true } : {}) },
        image: choice.kind === 'file' ? choice.file : null,
      }
      return { input }
    },
    send: ({ fields, image }: ProfileSave) => {
      setProgress(0)
      const parts: MultipartPart[] = [[PROFILE_FIELDS_PART, JSON.stringify(fields)]]
      if (image) parts.push([PROFILE_IMAGE_FIELD, image])
      return sendMultipart('profileSave', parts, setProgress)
    },
    messages: (code: ClientErrorCode, values) => {
      if (code === 'NICKNAME_INVALID') return t(`profile.errors.nickname.${refusedNickname(values)}`)
      if (code === 'BIRTHDAY_INVALID')
        return t(`profile.errors.birthday.${refusedBirthday(values, nowFor(clock))}`)
      if ((IMAGE_CODES as readonly string[]).includes(code)) return messageForCode(code, imageErrors)
      return messageForCode(code, formErrors)
    },
    fieldOf: {
      NICKNAME_INVALID: 'nickname',
      BIRTHDAY_INVALID: 'birthday',
      IMAGE_INVALID: 'image',
      IMAGE_FORMAT_UNSUPPORTED: 'image',
      IMAGE_MISSING: 'image',
      PAYLOAD_TOO_LARGE: 'image',
    },
    draft,
    onSuccess: (result) => {
      picture.sent()
      profileChanged(result)
      // Show the nickname as it was stored (full-width letters folded, spaces trimmed).
      if (nicknameRef.current) nicknameRef.current.value = result.nickname ?? ''
    },
  })

  const thisYear = japanDate(nowFor(clock)).year
  const birthday = birthdayParts(profile.birthday)
  const saved = save.succeeded && Object.values(save.errors).every((error) => error === undefined)
  let note: string | null = null
  if (choice.kind === 'file')
    note = choice.restored ? t('profile.image.restoredNote') : t('profile.image.chosenNote')
  else if (choice.kind === 'remove') note = t('profile.image.removeNote')

  return (
    <Form form={save} className="profile-form stack">
      <section className="card profile-image" aria-labelledby={imageTitleId}>
        <h2 id={imageTitleId} className="card__title">
          {t('profile.image.title')}
        </h2>
        <ImageField
          {...save.field('image')}
          name={PROFILE_IMAGE_FIELD}
          maxBytes={PROFILE_LIMITS.imageMaxBytes}
          choice={choice}
          onChoice={picture.change}
          hasCurrent={profile.profileImageUrl !== null}
          renderImage={(chosen, removed) => profileImage(profile, chosen, removed)}
          messages={imageErrors}
          hint={t('profile.image.hint')}
          note={note}
          readOnly={readOnly}
          busy={save.pending}
        />
      </section>
      <div className="card">
        <fieldset className="profile-form__fields" disabled={readOnly}>
          <TextField
            {...save.field('nickname')}
            inputRef={nicknameRef}
            label={t('profile.form.nickname')}
            hint={readOnly ? null : t('profile.form.nicknameHint')}
            type="text"
            defaultValue={save.initial(PROFILE_FIELDS.nickname, profile.nickname ?? '')}
            placeholder={t('profile.defaultNickname')}
            autoComplete="nickname"
            enterKeyHint="done"
          />
          <BirthdayField
            {...save.field('birthday')}
            legend={t('profile.form.birthday')}
            hint={readOnly ? null : t('profile.form.birthdayHint')}
            defaultValue={{
              year: save.initial(`${PROFILE_FIELDS.birthday}Year`, birthday.year),
              month: save.initial(`${PROFILE_FIELDS.birthday}Month`, birthday.month),
              day: save.initial(`${PROFILE_FIELDS.birthday}Day`, birthday.day),
            }}
            fromYear={PROFILE_LIMITS.birthdayMinYear}
            toYear={thisYear}
          />
          <SelectField
            name={PROFILE_FIELDS.gender}
            label={t('profile.form.gender')}
            defaultValue={save.initial(PROFILE_FIELDS.gender, profile.gender ?? '')}
            options={[
              { value: '', label: t('profile.form.unset') },
              ...GENDERS.map((gender) => ({ value: gender, label: t(`profile.form.genders.${gender}`) })),
            ]}
          />
          <SelectField
            name={PROFILE_FIELDS.prefectureName}
            label={t('profile.form.prefecture')}
            defaultValue={save.initial(PROFILE_FIELDS.prefectureName, profile.prefectureName ?? '')}
            options={[
              { value: '', label: t('profile.form.unset') },
              ...PREFECTURES.map((name) => ({ value: name, label: name })),
            ]}
          />
          <FormProblemNotice problem={save.problem}>
            {save.problem?.code === 'UNAUTHENTICATED' && (
              <AppLink href={loginPath(links.userinfo)} className="text-link">
                {t('profile.errors.login')}
              </AppLink>
            )}
          </FormProblemNotice>
          {save.pending && choice.kind === 'file' && <UploadProgress percent={Math.round(progress * 100)} />}
          {!readOnly && (
            <SubmitButton pending={save.pending} pendingLabel={t('profile.form.saving')}>
              {t('profile.form.submit')}
            </SubmitButton>
          )}
          <p className="form-outcome form-outcome--ok" role="status">
            {saved ? t('profile.form.saved') : ''}
          </p>
        </fieldset>
      </div>
    </Form>
  )
}
