import type { CalendarDate } from '@puribox/contract/profile-rules'
import { useId } from 'react'
import { describedBy, FieldNotes } from './field-notes'
import type { FormValues } from './form-values'
import { t } from './i18n'

/** The three selects' values, '' for a part not chosen. */
export interface BirthdayParts {
  year: string
  month: string
  day: string
}

const partNames = (name: string) => ({ year: `${name}Year`, month: `${name}Month`, day: `${name}Day` })

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1)
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1)

/** `2000-05-10` → the three selects' values; all empty for no date. */
export function birthdayParts(date: string | null): BirthdayParts {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null
  if (!match) return { year: '', month: '', day: '' }
  return { year: String(Number(match[1])), month: String(Number(match[2])), day: String(Number(match[3])) }
}

/**
 * A BirthdayField's selects as sent: nothing chosen, only some parts (`incomplete`), or a date whose
 * parts are numbers (not yet checked to exist: the caller's rules say that).
 */
export function readBirthday(values: FormValues, name: string): 'empty' | 'incomplete' | CalendarDate {
  const names = partNames(name)
  const parts = [values.text(names.year), values.text(names.month), values.text(names.day)]
  if (parts.every((part) => part === '')) return 'empty'
  if (parts.some((part) => part === '')) return 'incomplete'
  const [year, month, day] = parts.map(Number) as [number, number, number]
  return { year, month, day }
}

interface BirthdayFieldProps {
  /** The first select's id (the one the error summary links to); made here when not given. */
  id?: string
  /** Prefix of the selects' names: `<name>Year`, `<name>Month`, `<name>Day` (see readBirthday). */
  name: string
  /** What the date is (the birthday): the group's legend, and part of each select's name for screen readers. */
  legend: string
  defaultValue: BirthdayParts
  /** The years offered, newest first. */
  fromYear: number
  toYear: number
  hint?: string | null
  error?: string | null
}

/**
 * A date of birth as three selects (year, month, day), easier on a phone than a date input and with
 * no calendar to scroll back decades. Any day 1–31 can be chosen: whether it exists is the rules'.
 */
export function BirthdayField({
  id,
  name,
  legend,
  defaultValue,
  fromYear,
  toYear,
  hint,
  error,
}: BirthdayFieldProps) {
  const ownId = useId()
  const yearId = id ?? ownId
  const names = partNames(name)
  const years = Array.from({ length: toYear - fromYear + 1 }, (_, index) => toYear - index)
  const invalid = Boolean(error)
  return (
    <fieldset className="field birthday-field" aria-describedby={describedBy(yearId, { hint, error })}>
      <legend className="field-label">{legend}</legend>
      <div className="birthday-field__selects">
        <select
          id={yearId}
          name={names.year}
          className="field-input field-select"
          defaultValue={defaultValue.year}
          aria-label={t('form.birthday.yearLabel', { label: legend })}
          aria-invalid={invalid}
        >
          <option value="">{t('form.birthday.year')}</option>
          {years.map((year) => (
            <option key={year} value={String(year)}>
              {t('form.birthday.yearOption', { year })}
            </option>
          ))}
        </select>
        <select
          name={names.month}
          className="field-input field-select"
          defaultValue={defaultValue.month}
          aria-label={t('form.birthday.monthLabel', { label: legend })}
          aria-invalid={invalid}
        >
          <option value="">{t('form.birthday.month')}</option>
          {MONTHS.map((month) => (
            <option key={month} value={String(month)}>
              {t('form.birthday.monthOption', { month })}
            </option>
          ))}
        </select>
        <select
          name={names.day}
          className="field-input field-select"
          defaultValue={defaultValue.day}
          aria-label={t('form.birthday.dayLabel', { label: legend })}
          aria-invalid={invalid}
        >
          <option value="">{t('form.birthday.day')}</option>
          {DAYS.map((day) => (
            <option key={day} value={String(day)}>
              {t('form.birthday.dayOption', { day })}
            </option>
          ))}
        </select>
      </div>
      <FieldNotes id={yearId} hint={hint} error={error} />
    </fieldset>
  )
}
