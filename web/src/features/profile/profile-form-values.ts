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
import { readBirthday } from '../../components/form/birthday-field'
import type { FormValues } from '../../components/form/form-values'

/** The names of the profile form's controls (the birthday's selects are `birthdayYear` and so on). */
export const PROFILE_FIELDS = {
  nickname: 'nickname',
  birthday: 'birthday',
  gender: 'gender',
  prefectureName: 'prefectureName',
} as const

export type NicknameMessage = NicknameProblem | 'generic'
export type BirthdayMessage = BirthdayProblem | 'INCOMPLETE' | 'generic'

export interface ProfileProblems {
  nickname?: NicknameMessage
  birthday?: BirthdayMessage
}

function birthdayOf(values: FormValues, now: Date): { value: string | null } | { problem: BirthdayMessage } {
  const read = readBirthday(values, PROFILE_FIELDS.birthday)
  if (read === 'empty') return { value: null }
  if (read === 'incomplete') return { problem: 'INCOMPLETE' }
  const value = formatCalendarDate(read)
  const problem = birthdayProblem(value, now)
  return problem ? { problem } : { value }
}

/** The same rules as the server's, so most mistakes are told at once, without a request. */
export function checkProfileForm(
  values: FormValues,
  now: Date,
): { ok: true; body: ProfileUpdate } | { ok: false; problems: ProfileProblems } {
  const problems: ProfileProblems = {}
  const nickname = normalizeNickname(values.text(PROFILE_FIELDS.nickname))
  if (!nickname.ok) problems.nickname = nickname.problem
  const birthday = birthdayOf(values, now)
  if ('problem' in birthday) problems.birthday = birthday.problem
  if (!nickname.ok || 'problem' in birthday) return { ok: false, problems }
  const gender = values.text(PROFILE_FIELDS.gender)
  const prefectureName = values.text(PROFILE_FIELDS.prefectureName)
  return {
    ok: true,
    body: {
      nickname: nickname.value,
      birthday: birthday.value,
      gender: (GENDERS as readonly string[]).includes(gender) ? (gender as Gender) : null,
      prefectureName: (PREFECTURES as readonly string[]).includes(prefectureName)
        ? (prefectureName as PrefectureName)
        : null,
    },
  }
}

/** Why the server refused the nickname, as the local rules see it (they say which, when they can). */
export function refusedNickname(values: FormValues): NicknameMessage {
  const local = normalizeNickname(values.text(PROFILE_FIELDS.nickname))
  return local.ok ? 'generic' : local.problem
}

/** Why the server refused the birthday, as the local rules see it. */
export function refusedBirthday(values: FormValues, now: Date): BirthdayMessage {
  const local = birthdayOf(values, now)
  return 'problem' in local ? local.problem : 'generic'
}
