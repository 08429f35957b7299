import { links } from '@puribox/contract/pages'
import { GENDERS, japanDate, PREFECTURES, PROFILE_LIMITS } from '@puribox/contract/profile-rules'
import { loginPath } from '@puribox/contract/registration-paths'
import { useRef } from 'react'
import { AppLink } from '../../../components/app-link'
import { BirthdayField, birthdayParts } from '../../../components/form/birthday-field'
import { Form, FormProblemNotice, SubmitButton } from '../../../components/form/form'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../../components/form/use-contract-form'
import { nowFor, useClock } from '../../../lib/clock'
import { messageForCode } from '../../../lib/error-message'
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

type ProfileField = 'nickname' | 'birthday'

/** The answers told above the button with this screen's words (the others are the common ones). */
const formErrors = {
  SNS_RESTRICTED: profileTexts.errors.SNS_RESTRICTED,
  ACCOUNT_SUSPENDED: profileTexts.errors.ACCOUNT_SUSPENDED,
  UNAUTHENTICATED: profileTexts.errors.UNAUTHENTICATED,
  VALIDATION_FAILED: profileTexts.errors.VALIDATION_FAILED,
}

function fieldErrors(problems: ProfileProblems): FieldErrors<ProfileField> {
  return {
    nickname: problems.nickname && t(`profile.errors.nickname.${problems.nickname}`),
    birthday: problems.birthday && t(`profile.errors.birthday.${problems.birthday}`),
  }
}

/**
 * Nickname, birthday, gender and prefecture. The fields are read when the form is sent, so whatever
 * fails, what the person typed stays as typed, and a half-typed form is kept in this tab (a reload, or
 * signing in again, does not lose it). Mistakes the rules can see are told next to their field before
 * any request; the server's answer is mapped back to the same places.
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
  const update = useContractForm({
    route: 'profileUpdate',
    fields: ['nickname', 'birthday'],
    request: (values) => {
      const checked = checkProfileForm(values, nowFor(clock))
      return checked.ok ? { input: { body: checked.body } } : { errors: fieldErrors(checked.problems) }
    },
    messages: (code, values) => {
      if (code === 'NICKNAME_INVALID') return t(`profile.errors.nickname.${refusedNickname(values)}`)
      if (code === 'BIRTHDAY_INVALID')
        return t(`profile.errors.birthday.${refusedBirthday(values, nowFor(clock))}`)
      return messageForCode(code, formErrors)
    },
    fieldOf: { NICKNAME_INVALID: 'nickname', BIRTHDAY_INVALID: 'birthday' },
    draft: readOnly ? undefined : `profile:${accountId}`,
    onSuccess: (result) => {
      profileChanged(result)
      // Show the nickname as it was stored (full-width letters folded, spaces trimmed).
      if (nicknameRef.current) nicknameRef.current.value = result.nickname ?? ''
    },
  })
  const thisYear = japanDate(nowFor(clock)).year
  const birthday = birthdayParts(profile.birthday)
  const saved =
    update.succeeded && update.errors.nickname === undefined && update.errors.birthday === undefined

  return (
    <Form form={update} className="card profile-form">
      <fieldset className="profile-form__fields" disabled={readOnly}>
        <TextField
          {...update.field('nickname')}
          inputRef={nicknameRef}
          label={t('profile.form.nickname')}
          hint={readOnly ? null : t('profile.form.nicknameHint')}
          type="text"
          defaultValue={update.initial(PROFILE_FIELDS.nickname, profile.nickname ?? '')}
          placeholder={t('profile.defaultNickname')}
          autoComplete="nickname"
          enterKeyHint="done"
        />
        <BirthdayField
          {...update.field('birthday')}
          legend={t('profile.form.birthday')}
          hint={readOnly ? null : t('profile.form.birthdayHint')}
          defaultValue={{
            year: update.initial(`${PROFILE_FIELDS.birthday}Year`, birthday.year),
            month: update.initial(`${PROFILE_FIELDS.birthday}Month`, birthday.month),
            day: update.initial(`${PROFILE_FIELDS.birthday}Day`, birthday.day),
          }}
          fromYear={PROFILE_LIMITS.birthdayMinYear}
          toYear={thisYear}
        />
        <SelectField
          name={PROFILE_FIELDS.gender}
          label={t('profile.form.gender')}
          defaultValue={update.initial(PROFILE_FIELDS.gender, profile.gender ?? '')}
          options={[
            { value: '', label: t('profile.form.unset') },
            ...GENDERS.map((gender) => ({ value: gender, label: t(`profile.form.genders.${gender}`) })),
          ]}
        />
        <SelectField
          name={PROFILE_FIELDS.prefectureName}
          label={t('profile.form.prefecture')}
          defaultValue={update.initial(PROFILE_FIELDS.prefectureName, profile.prefectureName ?? '')}
          options={[
            { value: '', label: t('profile.form.unset') },
            ...PREFECTURES.map((name) => ({ value: name, label: name })),
          ]}
        />
        <FormProblemNotice problem={update.problem}>
          {update.problem?.code === 'UNAUTHENTICATED' && (
            <AppLink href={loginPath(links.userinfo)} className="text-link">
              {t('profile.errors.login')}
            </AppLink>
          )}
        </FormProblemNotice>
        {!readOnly && (
          <SubmitButton pending={update.pending} pendingLabel={t('profile.form.saving')}>
            {t('profile.form.submit')}
          </SubmitButton>
        )}
        <p className="form-outcome form-outcome--ok" role="status">
          {saved ? t('profile.form.saved') : ''}
        </p>
      </fieldset>
    </Form>
  )
}
