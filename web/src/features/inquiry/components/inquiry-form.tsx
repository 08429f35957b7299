import type { InquiryCheck } from '@puribox/contract/inquiries'
import {
  fieldNeed,
  HOW_TO_REGISTER,
  INQUIRY_ACCOUNT_KINDS,
  INQUIRY_CARRIERS,
  INQUIRY_LIMITS,
  INQUIRY_PAYMENT_KINDS,
  type InquiryField,
  type InquiryProblem,
  type InquiryTopic,
  inquiryProblems,
} from '@puribox/contract/inquiry-rules'
import { formatSealId, normalizeSealId } from '@puribox/contract/seal-id'
import { japanDay } from '@puribox/contract/time'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { ErrorSummary } from '../../../components/form/error-summary'
import { describedBy, FieldNotes } from '../../../components/form/field-notes'
import { TextField } from '../../../components/form/text-field'
import { nowFor, useClock } from '../../../lib/clock'
import { errorCodeOf } from '../../../lib/error-message'
import { focusField } from '../../../lib/focus-field'
import { useDraftCheck } from '../api/inquiry-api'
import { t } from '../i18n'
import { draftOf, type InquiryFormState } from '../inquiry-draft'
import { fieldName, problemKey, problemText } from '../problem-text'
import { ChoiceGroup } from './choice-group'

type ListField = 'mailAddresses' | 'sealIds'

/** The fields from the top of the form down. */
const FORM_ORDER: readonly InquiryField[] = [
  'mailAddresses',
  'sealIds',
  'checkedImage',
  'date',
  'machine',
  'shop',
  'accountKind',
  'paymentKind',
  'paymentPrice',
  'carrier',
  'howToRegister',
  'text',
]

/** The problems to show now: the form's rules, and the server's hints that are problems (undeliverable). */
function useProblems(state: InquiryFormState, topic: InquiryTopic, check: InquiryCheck | undefined) {
  const clock = useClock()
  const draft = draftOf(state, topic)
  const problems: InquiryProblem[] = inquiryProblems(draft, nowFor(clock))
  check?.mails.forEach((mail) => {
    if (mail.problem !== 'UNDELIVERABLE') return
    const index = state.mailAddresses.indexOf(mail.typed)
    if (index >= 0 && !problems.some((p) => p.field === 'mailAddresses' && p.index === index))
      problems.push({ field: 'mailAddresses', problem: 'UNDELIVERABLE', index })
  })
  return { problems, today: japanDay(nowFor(clock)) }
}

/**
 * The form of a topic (`#/input/{topic}`): only the fields the topic asks for, each with its rule
 * shown once the person has left it (all of them after the confirm button), and the server's hints for seal
 * IDs and addresses as typing pauses. Every change is kept in this tab's draft.
 */
export function InquiryForm({
  topic,
  state,
  onChange,
  onNext,
  serverInvalid,
}: {
  topic: InquiryTopic
  state: InquiryFormState
  onChange: (change: Partial<InquiryFormState>) => void
  onNext: () => void
  /** The server refused the inquiry sent from the confirmation: its rules are shown at once. */
  serverInvalid: boolean
}) {
  const baseId = useId()
  const summaryRef = useRef<HTMLElement>(null)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [showAll, setShowAll] = useState(serverInvalid)
  const asked = (field: InquiryField) => fieldNeed(topic, field)

  const wellFormedSeals = asked('sealIds') ? state.sealIds.filter((id) => normalizeSealId(id) !== null) : []
  const wellFormedMails = state.mailAddresses.filter((address) =>
    /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(address.trim()),
  )
  const check = useDraftCheck(wellFormedSeals, wellFormedMails)
  const { problems, today } = useProblems(state, topic, check.data)

  const idOf = (key: string) => `${baseId}-${key.replace('.', '-')}`
  const errorOf = (key: string): string | null => {
    if (!showAll && !touched.has(key)) return null
    const found = problems.find((problem) => problemKey(problem) === key)
    return found ? problemText(found) : null
  }
  const touch = (key: string) => () => setTouched((keys) => (keys.has(key) ? keys : new Set(keys).add(key)))
  const label = (text: string, field: InquiryField) =>
    t('inquiry.labelNeed', {
      label: text,
      need: asked(field) === 'required' ? t('inquiry.required') : t('inquiry.optional'),
    })

  function submit(event: FormEvent) {
    event.preventDefault()
    setShowAll(true)
    if (problems.length === 0) return onNext()
    const keys = [...new Set(problems.map(problemKey))]
    // One wrong field: focus it; two or more: the summary, which links to each.
    if (keys.length === 1) focusField(document.getElementById(idOf(keys[0]!)))
    else window.setTimeout(() => focusField(summaryRef.current))
  }

  // In the order the form shows its fields, as the person reads the summary against it.
  const shown = showAll
    ? [...new Map(problems.map((problem) => [problemKey(problem), problem])).values()].sort(
        (a, b) =>
          FORM_ORDER.indexOf(a.field) - FORM_ORDER.indexOf(b.field) || (a.index ?? 0) - (b.index ?? 0),
      )
    : []
  const summary =
    shown.length > 1
      ? {
          ref: summaryRef,
          items: shown.map((problem) => ({
            id: idOf(problemKey(problem)),
            message: t('inquiry.summaryItem', {
              field: fieldName(problemKey(problem)),
              message: problemText(problem),
            }),
          })),
        }
      : null

  function listControls(
    field: ListField,
    max: number,
    labels: { first: string; more: (n: number) => string; add: string },
  ) {
    const values = state[field]
    const setAt = (index: number, value: string) =>
      onChange({ [field]: values.map((old, i) => (i === index ? value : old)) })
    return (
      <div className="inquiry-list">
        {values.map((value, index) => {
          const key = `${field}.${index}`
          const entryLabel = index === 0 ? labels.first : labels.more(index + 1)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the entries are the list's places, not items that move.
            <div key={index} className="inquiry-list__entry">
              <TextField
                id={idOf(key)}
                label={entryLabel}
                value={value}
                error={errorOf(key)}
                onChange={(event) => setAt(index, event.target.value)}
                onBlur={touch(key)}
                {...(field === 'mailAddresses'
                  ? {
                      type: 'email',
                      autoComplete: index === 0 ? 'email' : 'off',
                      inputMode: 'email' as const,
                    }
                  : { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false })}
              />
              {hintFor(field, index)}
              {index > 0 && (
                <button
                  type="button"
                  className="text-link inquiry-list__remove"
                  aria-label={t('inquiry.fields.removeLabel', { label: entryLabel })}
                  onClick={() => onChange({ [field]: values.filter((_, i) => i !== index) })}
                >
                  {t('inquiry.fields.remove')}
                </button>
              )}
            </div>
          )
        })}
        {values.length < max && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onChange({ [field]: [...values, ''] })}
          >
            {labels.add}
          </button>
        )}
      </div>
    )
  }

  /** The server's hint under an entry: the seal found or not, a mail address's likely fix. */
  function hintFor(field: ListField, index: number): ReactNode {
    const typed = state[field][index] ?? ''
    if (field === 'sealIds') {
      const seal = check.data?.seals.find((found) => found.typed === typed)
      if (!seal || seal.exists === null) return null
      return (
        <p className="field-hint inquiry-hint" role="status">
          {seal.exists
            ? t('inquiry.check.sealFound', { count: seal.puriNumbers.length })
            : t('inquiry.check.sealNotFound')}
        </p>
      )
    }
    const typo = problems.find(
      (p) => p.field === 'mailAddresses' && p.index === index && p.problem === 'TYPO',
    )
    if (!typo?.suggestion) return null
    const suggestion = typo.suggestion
    return (
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() =>
          onChange({ mailAddresses: state.mailAddresses.map((old, i) => (i === index ? suggestion : old)) })
        }
      >
        {t('inquiry.check.mailTypoFix', { address: suggestion })}
      </button>
    )
  }

  function choices(field: 'carrier' | 'accountKind' | 'paymentKind', values: readonly string[]) {
    if (!asked(field)) return null
    return (
      <ChoiceGroup
        id={idOf(field)}
        legend={label(t(`inquiry.fields.${field}`), field)}
        value={state[field]}
        error={errorOf(field)}
        onChange={(value) => {
          onChange({ [field]: value })
          touch(field)()
        }}
        options={[
          // An optional question can be left unanswered again after a choice (the radios alone cannot).
          ...(asked(field) === 'optional' ? [{ value: '', label: t('inquiry.fields.choiceNone') }] : []),
          ...values.map((value) => ({ value, label: t(`inquiry.values.${field}.${value}` as never) })),
        ]}
      />
    )
  }

  const textId = idOf('text')
  const textError = errorOf('text')
  const textLength = Array.from(state.text.trim()).length
  const foundSeals = (check.data?.seals ?? []).filter((seal) => seal.exists && seal.sealId)

  return (
    <form className="stack inquiry-form" noValidate onSubmit={submit}>
      <ErrorSummary summary={summary} />
      {serverInvalid && (
        <div className="notice notice--error" role="alert">
          <p>{t('inquiry.confirm.invalid')}</p>
        </div>
      )}

      <div className="field">
        <span className="field-label" id={`${idOf('mailAddresses')}-label`}>
          {label(t('inquiry.fields.mailAddresses'), 'mailAddresses')}
        </span>
        <p className="field-hint">
          {t('inquiry.fields.mailHint')}
          {topic === 'login' &&
            ` ${t('inquiry.fields.mailHintLogin', { max: INQUIRY_LIMITS.mailAddressesMax })}`}
        </p>
        {listControls('mailAddresses', INQUIRY_LIMITS.mailAddressesMax, {
          first: t('inquiry.fields.mailAddressMore', { number: 1 }),
          more: (number) => t('inquiry.fields.mailAddressMore', { number }),
          add: t('inquiry.fields.addMail'),
        })}
      </div>

      {asked('sealIds') && (
        <div className="field">
          <span className="field-label">{label(t('inquiry.fields.sealIds'), 'sealIds')}</span>
          <p className="field-hint">{t('inquiry.fields.sealHint', { max: INQUIRY_LIMITS.sealIdsMax })}</p>
          {listControls('sealIds', INQUIRY_LIMITS.sealIdsMax, {
            first: t('inquiry.fields.sealIdMore', { number: 1 }),
            more: (number) => t('inquiry.fields.sealIdMore', { number }),
            add: t('inquiry.fields.addSeal'),
          })}
        </div>
      )}

      {asked('checkedImage') && foundSeals.length > 0 && (
        <ChoiceGroup
          id={idOf('checkedImage')}
          legend={label(t('inquiry.fields.checkedImage'), 'checkedImage')}
          hint={t('inquiry.fields.checkedImageHint')}
          value={state.checkedImage}
          error={errorOf('checkedImage')}
          onChange={(value) => onChange({ checkedImage: value })}
          options={[
            { value: '', label: t('inquiry.fields.checkedImageNone') },
            ...foundSeals.flatMap((seal) =>
              seal.puriNumbers.map((number) => ({
                value: `${seal.sealId}:${number}`,
                label: t('inquiry.fields.checkedImageOption', { sealId: formatSealId(seal.sealId!), number }),
              })),
            ),
          ]}
        />
      )}

      {asked('date') && (
        <TextField
          id={idOf('date')}
          type="date"
          label={label(t('inquiry.fields.date'), 'date')}
          hint={t('inquiry.fields.dateHint')}
          max={today}
          value={state.date}
          error={errorOf('date')}
          onChange={(event) => onChange({ date: event.target.value })}
          onBlur={touch('date')}
        />
      )}
      {asked('machine') && (
        <TextField
          id={idOf('machine')}
          label={label(t('inquiry.fields.machine'), 'machine')}
          hint={t('inquiry.fields.machineHint', { max: INQUIRY_LIMITS.machineMax })}
          value={state.machine}
          error={errorOf('machine')}
          onChange={(event) => onChange({ machine: event.target.value })}
          onBlur={touch('machine')}
        />
      )}
      {asked('shop') && (
        <TextField
          id={idOf('shop')}
          label={label(t('inquiry.fields.shop'), 'shop')}
          hint={t('inquiry.fields.shopHint', { max: INQUIRY_LIMITS.shopMax })}
          value={state.shop}
          error={errorOf('shop')}
          onChange={(event) => onChange({ shop: event.target.value })}
          onBlur={touch('shop')}
        />
      )}

      {choices('accountKind', INQUIRY_ACCOUNT_KINDS)}
      {choices('paymentKind', INQUIRY_PAYMENT_KINDS)}
      {asked('paymentPrice') && (
        <TextField
          id={idOf('paymentPrice')}
          label={label(t('inquiry.fields.paymentPrice'), 'paymentPrice')}
          hint={t('inquiry.fields.paymentPriceHint')}
          inputMode="numeric"
          value={state.paymentPrice}
          error={errorOf('paymentPrice')}
          onChange={(event) => onChange({ paymentPrice: event.target.value })}
          onBlur={touch('paymentPrice')}
        />
      )}
      {choices('carrier', INQUIRY_CARRIERS)}

      {asked('howToRegister') && (
        <fieldset
          id={idOf('howToRegister')}
          className="field inquiry-choices"
          tabIndex={-1}
          aria-describedby={describedBy(idOf('howToRegister'), { error: errorOf('howToRegister') })}
        >
          <legend className="field-label">{label(t('inquiry.fields.howToRegister'), 'howToRegister')}</legend>
          <p className="field-hint">{t('inquiry.fields.howToRegisterHint')}</p>
          {HOW_TO_REGISTER.map((way) => (
            <label key={way} className="check">
              <input
                type="checkbox"
                className="check__box"
                checked={state.howToRegister.includes(way)}
                onChange={(event) => {
                  touch('howToRegister')()
                  onChange({
                    howToRegister: event.target.checked
                      ? HOW_TO_REGISTER.filter((w) => w === way || state.howToRegister.includes(w))
                      : state.howToRegister.filter((w) => w !== way),
                  })
                }}
              />
              <span>{t(`inquiry.values.howToRegister.${way}`)}</span>
            </label>
          ))}
          <FieldNotes id={idOf('howToRegister')} error={errorOf('howToRegister')} />
        </fieldset>
      )}

      <div className="field">
        <label className="field-label" htmlFor={textId}>
          {label(t('inquiry.fields.text'), 'text')}
        </label>
        <textarea
          id={textId}
          className="field-input inquiry-text"
          rows={7}
          value={state.text}
          aria-invalid={Boolean(textError)}
          aria-describedby={describedBy(textId, { hint: 'hint', error: textError })}
          onChange={(event) => onChange({ text: event.target.value })}
          onBlur={touch('text')}
        />
        <FieldNotes
          id={textId}
          hint={`${t('inquiry.fields.textHint', { min: INQUIRY_LIMITS.textMin, max: INQUIRY_LIMITS.textMax })} ${t('inquiry.fields.textCount', { count: textLength, max: INQUIRY_LIMITS.textMax })}`}
          error={textError}
        />
      </div>

      {check.isError && errorCodeOf(check.error) === 'RATE_LIMITED' && (
        <p className="field-hint">{t('inquiry.check.limited')}</p>
      )}
      <p className="field-hint">{t('inquiry.draftKept')}</p>
      <button type="submit" className="button button--block">
        {t('inquiry.next')}
      </button>
    </form>
  )
}
