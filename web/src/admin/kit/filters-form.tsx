import { type ReactNode, useState } from 'react'
import { Link } from 'wouter'
import { SubmitButton } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { t } from '../i18n'

/** A list's filters in force, as the address carries them: only those with a value. */
type Filters = Readonly<Partial<Record<string, string>>>

/** What a filters form is given by its list's screen, from the address. */
export interface FiltersFormProps<F extends string, V> {
  filters: V
  /** What is wrong with the address's filters, shown from the start. */
  errors: FieldErrors<F>
  onApply: (filters: V) => void
}

/**
 * The form of a list's filters (or search). It starts from the address's filters (and is drawn
 * afresh when the address changes: back and forward); what is wrong with them shows from the start.
 * Applying reads what was chosen (`read`), checks it (`check`) and hands it to `onApply`, which
 * writes the address, what the list reads; nothing is sent from here. `field` spreads a field's id,
 * error and first value.
 */
export function useFiltersForm<F extends string, V extends Filters>(
  { filters: start, errors, onApply }: FiltersFormProps<F, V>,
  {
    fields,
    read,
    check,
  }: {
    fields: readonly F[]
    read: (values: FormValues) => V
    check: (chosen: V) => FieldErrors<F>
  },
) {
  const form = useContractForm<F, V, V>({
    fields,
    initialErrors: errors,
    request: (values) => {
      const chosen = read(values)
      const wrong = check(chosen)
      return Object.keys(wrong).length > 0 ? { errors: wrong } : { input: chosen }
    },
    send: async (chosen) => chosen,
    onSuccess: (chosen) => onApply(chosen),
  })
  const first: Filters = start
  const field = (name: F) => ({ ...form.field(name), defaultValue: first[name] ?? '' })
  return { form, field }
}

/**
 * The filters' card above a list, folded on a phone, where the fields would fill the screen before
 * the first entry, unless some are in force (`active`, told on a badge) or wrong; open on a wider
 * screen.
 */
export function FiltersCard({
  title,
  active,
  activeLabel,
  errors,
  children,
}: {
  title: string
  active: number
  /** The badge: how many filters are in force. */
  activeLabel: string
  /** What is wrong with the address's filters. */
  errors: Readonly<Record<string, unknown>>
  children: ReactNode
}) {
  const [open, setOpen] = useState(() => active > 0 || Object.keys(errors).length > 0 || wideScreen())
  return (
    <details
      className="card console-card console-filters-card"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="console-filters-card__summary">
        <h2 className="card__title">{title}</h2>
        {active > 0 && <span className="badge">{activeLabel}</span>}
      </summary>
      {children}
    </details>
  )
}

function wideScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 600px)').matches
}

/** The filters' buttons: apply them, and, while some are in force, go back to the list without them. */
export function FiltersEnd({ submit, clearPath }: { submit: string; clearPath?: string }) {
  return (
    <div className="console-filters__actions">
      <SubmitButton pending={false} className="button">
        {submit}
      </SubmitButton>
      {clearPath !== undefined && (
        <Link href={clearPath} className="text-link">
          {t('admin.filters.clear')}
        </Link>
      )}
    </div>
  )
}
