import type { ProfileUpdate } from '@puribox/contract/profile'
import {
  type BirthdayProblem,
  birthdayProblem,
  formatCalendarDate,
  GENDERS,
  type Gender,
  type NicknameProblem,
  normalizeNickname,
  PREFECTURES,
  type PrefectureName,
} from '@puribox/contract/profile-rules'
import type { ClientErrorCode } from '../../lib/api-client'

/** What the profile form holds, as the DOM has it (empty strings for "not chosen"). */
export interface ProfileFormValues {
  nickname: string
  birthYear: string
  birthMonth: string
  birthDay: string
  gender: string
  prefectureName: string
}

export type NicknameMessage = NicknameProblem | 'generic'
export type BirthdayMessage = BirthdayProblem | 'INCOMPLETE' | 'generic'

export interface FieldErrors {
  nickname?: NicknameMessage
  birthday?: BirthdayMessage
}

/** The form's fields, read when it is sent (typing before the app hydrated counts too). */
export function readProfileForm(form: HTMLFormElement): ProfileFormValues {
  const data = new FormData(form)
  const text = (name: keyof ProfileFormValues) => {
    const value = data.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    nickname: text('nickname'),
    birthYear: text('birthYear'),
    birthMonth: text('birthMonth'),
    birthDay: text('birthDay'),
    gender: text('gender'),
    prefectureName: text('prefectureName'),
  }
}

function birthdayOf(
  values: ProfileFormValues,
  now: Date,
): { value: string | null } | { problem: BirthdayMessage } {
  const parts = [values.birthYear, values.birthMonth, values.birthDay]
  if (parts.every((part) => part === '')) return { value: null }
  if (parts.some((part) => part === '')) return { problem: 'INCOMPLETE' }
  const [year, month, day] = parts.map(Number) as [number, number, number]
  const value = formatCalendarDate({ year, month, day })
  const problem = birthdayProblem(value, now)
  return problem ? { problem } : { value }
}

/** The same rules as the server's, so most mistakes are told at once, without a request. */
export function checkProfileForm(
  values: ProfileFormValues,
  now: Date,
): { ok: true; body: ProfileUpdate } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const nickname = normalizeNickname(values.nickname)
  if (!nickname.ok) errors.nickname = nickname.problem
  const birthday = birthdayOf(values, now)
  if ('problem' in birthday) errors.birthday = birthday.problem
  if (!nickname.ok || 'problem' in birthday) return { ok: false, errors }
  return {
    ok: true,
    body: {
      nickname: nickname.value,
      birthday: birthday.value,
      gender: (GENDERS as readonly string[]).includes(values.gender) ? (values.gender as Gender) : null,
      prefectureName: (PREFECTURES as readonly string[]).includes(values.prefectureName)
        ? (values.prefectureName as PrefectureName)
        : null,
    },
  }
}

/** A field's error from the server's code (the local rules say which problem, when they can). */
export function fieldErrorsFor(
  code: ClientErrorCode,
  values: ProfileFormValues,
  now: Date,
): FieldErrors | null {
  if (code === 'NICKNAME_INVALID') {
    const local = normalizeNickname(values.nickname)
    return { nickname: local.ok ? 'generic' : local.problem }
  }
  if (code === 'BIRTHDAY_INVALID') {
    const local = birthdayOf(values, now)
    return { birthday: 'problem' in local ? local.problem : 'generic' }
  }
  return null
}

/** `2000-05-10` → the three selects' values. */
export function birthdayParts(birthday: string | null): { year: string; month: string; day: string } {
  const match = birthday ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday) : null
  if (!match) return { year: '', month: '', day: '' }
  return { year: String(Number(match[1])), month: String(Number(match[2])), day: String(Number(match[3])) }
}
