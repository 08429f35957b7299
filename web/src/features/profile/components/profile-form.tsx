import { links } from '@puribox/contract/pages'
import { GENDERS, japanDate, PREFECTURES, PROFILE_LIMITS } from '@puribox/contract/profile-rules'
import { loginPath } from '@puribox/contract/registration-paths'
import { type FormEvent, useId, useRef, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { ApiError } from '../../../lib/api-client'
import { nowFor, useClock } from '../../../lib/clock'
import { focusField } from '../../../lib/focus-field'
import { type Profile, useUpdateProfile } from '../api/profile'
import { t } from '../i18n'
import {
  birthdayParts,
  checkProfileForm,
  type FieldErrors,
  fieldErrorsFor,
  readProfileForm,
} from '../profile-form-values'

type FormProblem =
  | 'fieldsBelow'
  | 'SNS_RESTRICTED'
  | 'ACCOUNT_SUSPENDED'
  | 'UNAUTHENTICATED'
  | 'VALIDATION_FAILED'
  | 'network'
  | 'generic'

function formProblemOf(error: unknown): FormProblem {
  if (!(error instanceof ApiError)) return 'generic'
  switch (error.code) {
    case 'SNS_RESTRICTED':
    case 'ACCOUNT_SUSPENDED':
    case 'UNAUTHENTICATED':
    case 'VALIDATION_FAILED':
      return error.code
    case 'NETWORK':
      return 'network'
    default:
      return 'generic'
  }
}

function formProblemText(problem: FormProblem): string {
  if (problem === 'network') return t('common.errors.NETWORK')
  if (problem === 'generic') return t('common.errors.generic')
  if (problem === 'fieldsBelow') return t('profile.errors.fieldsBelow')
  return t(`profile.errors.${problem}`)
}

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1)
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1)

/**
 * Nickname, birthday, gender and prefecture. The fields are uncontrolled and read when the form is
 * sent, so whatever fails, what the person typed stays as typed. Mistakes the rules can see are told
 * next to their field before any request; the server's answer is mapped back to the same places.
 */
export function ProfileForm({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const update = useUpdateProfile()
  const clock = useClock()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [saved, setSaved] = useState(false)
  const nicknameRef = useRef<HTMLInputElement>(null)
  const yearRef = useRef<HTMLSelectElement>(null)
  const ids = {
    nickname: useId(),
    nicknameHint: useId(),
    nicknameError: useId(),
    birthdayHint: useId(),
    birthdayError: useId(),
    gender: useId(),
    prefecture: useId(),
  }
  const thisYear = japanDate(nowFor(clock)).year
  const years = Array.from({ length: thisYear - PROFILE_LIMITS.birthdayMinYear + 1 }, (_, i) => thisYear - i)
  const birthday = birthdayParts(profile.birthday)

  function showFieldErrors(found: FieldErrors) {
    setErrors(found)
    setProblem('fieldsBelow')
    if (found.nickname) focusField(nicknameRef.current)
    else if (found.birthday) focusField(yearRef.current)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (readOnly || update.isPending) return
    const values = readProfileForm(event.currentTarget)
    const now = nowFor(clock)
    setSaved(false)
    const checked = checkProfileForm(values, now)
    if (!checked.ok) {
      showFieldErrors(checked.errors)
      return
    }
    setErrors({})
    setProblem(null)
    update.mutate(checked.body, {
      onSuccess: (result) => {
        setSaved(true)
        // Show the nickname as it was stored (full-width letters folded, spaces trimmed).
        if (nicknameRef.current) nicknameRef.current.value = result.nickname ?? ''
      },
      onError: (error) => {
        const found = error instanceof ApiError ? fieldErrorsFor(error.code, values, now) : null
        if (found) showFieldErrors(found)
        else setProblem(formProblemOf(error))
      },
    })
  }

  const describedBy = (hint: string, error: string, invalid: boolean) => (invalid ? `${error} ${hint}` : hint)

  return (
    <form className="card profile-form" noValidate onSubmit={onSubmit} aria-busy={update.isPending}>
      <fieldset className="profile-form__fields" disabled={readOnly}>
        <div className="field">
          <label className="field-label" htmlFor={ids.nickname}>
            {t('profile.form.nickname')}
          </label>
          <input
            ref={nicknameRef}
            id={ids.nickname}
            className="field-input"
            type="text"
            name="nickname"
            defaultValue={profile.nickname ?? ''}
            placeholder={t('profile.defaultNickname')}
            autoComplete="nickname"
            enterKeyHint="done"
            aria-invalid={errors.nickname !== undefined}
            aria-describedby={describedBy(ids.nicknameHint, ids.nicknameError, errors.nickname !== undefined)}
          />
          <p id={ids.nicknameHint} className="field-hint" hidden={readOnly}>
            {t('profile.form.nicknameHint')}
          </p>
          {errors.nickname && (
            <p id={ids.nicknameError} className="field-error" role="alert">
              {t(`profile.errors.nickname.${errors.nickname}`)}
            </p>
          )}
        </div>

        <fieldset
          className="field birthday-field"
          aria-describedby={describedBy(ids.birthdayHint, ids.birthdayError, errors.birthday !== undefined)}
        >
          <legend className="field-label">{t('profile.form.birthday')}</legend>
          <div className="birthday-field__selects">
            <select
              ref={yearRef}
              name="birthYear"
              className="field-input field-select"
              defaultValue={birthday.year}
              aria-label={t('profile.form.yearLabel')}
              aria-invalid={errors.birthday !== undefined}
            >
              <option value="">{t('profile.form.year')}</option>
              {years.map((year) => (
                <option key={year} value={String(year)}>
                  {t('profile.form.yearOption', { year })}
                </option>
              ))}
            </select>
            <select
              name="birthMonth"
              className="field-input field-select"
              defaultValue={birthday.month}
              aria-label={t('profile.form.monthLabel')}
              aria-invalid={errors.birthday !== undefined}
            >
              <option value="">{t('profile.form.month')}</option>
              {MONTHS.map((month) => (
                <option key={month} value={String(month)}>
                  {t('profile.form.monthOption', { month })}
                </option>
              ))}
            </select>
            <select
              name="birthDay"
              className="field-input field-select"
              defaultValue={birthday.day}
              aria-label={t('profile.form.dayLabel')}
              aria-invalid={errors.birthday !== undefined}
            >
              <option value="">{t('profile.form.day')}</option>
              {DAYS.map((day) => (
                <option key={day} value={String(day)}>
                  {t('profile.form.dayOption', { day })}
                </option>
              ))}
            </select>
          </div>
          <p id={ids.birthdayHint} className="field-hint" hidden={readOnly}>
            {t('profile.form.birthdayHint')}
          </p>
          {errors.birthday && (
            <p id={ids.birthdayError} className="field-error" role="alert">
              {t(`profile.errors.birthday.${errors.birthday}`)}
            </p>
          )}
        </fieldset>

        <div className="field">
          <label className="field-label" htmlFor={ids.gender}>
            {t('profile.form.gender')}
          </label>
          <select
            id={ids.gender}
            name="gender"
            className="field-input field-select"
            defaultValue={profile.gender ?? ''}
          >
            <option value="">{t('profile.form.unset')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`profile.form.genders.${gender}`)}
              </option>
            ))}
          </select>
        </div>

        <div className="field">
          <label className="field-label" htmlFor={ids.prefecture}>
            {t('profile.form.prefecture')}
          </label>
          <select
            id={ids.prefecture}
            name="prefectureName"
            className="field-input field-select"
            defaultValue={profile.prefectureName ?? ''}
          >
            <option value="">{t('profile.form.unset')}</option>
            {PREFECTURES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>

        {problem && (
          <div className="notice notice--error" role="alert">
            <p>{formProblemText(problem)}</p>
            {problem === 'UNAUTHENTICATED' && (
              <AppLink href={loginPath(links.userinfo)} className="text-link">
                {t('profile.errors.login')}
              </AppLink>
            )}
          </div>
        )}
        {!readOnly && (
          <button type="submit" className="button button--block" disabled={update.isPending}>
            {update.isPending ? t('profile.form.saving') : t('profile.form.submit')}
          </button>
        )}
        <p className="form-outcome form-outcome--ok" role="status">
          {saved ? t('profile.form.saved') : ''}
        </p>
      </fieldset>
    </form>
  )
}
