import { INQUIRY_ADMIN_LIMITS, type OperatorRef } from '@puribox/contract/admin-inquiries'
import { INQUIRY_TOPICS } from '@puribox/contract/inquiry-rules'
import { useState } from 'react'
import { Link } from 'wouter'
import { Form, SubmitButton } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import type { SignedInOperator } from '../session/session-api'
import { operatorOptions } from './assignee-options'
import { t } from './i18n'
import {
  INBOX_FORM_FIELDS,
  type InboxFilter,
  type InboxFilters,
  type InboxFormField,
  inboxFilterErrors,
  inboxFiltersOf,
  inboxPath,
} from './inquiry-paths'

/**
 * The inbox's filters but the state (the tabs choose it). The form starts from the address (and is
 * drawn afresh when the address changes: back and forward); applying it writes the address, which
 * is what the list reads.
 */
export function InboxFiltersForm({
  filters,
  errors,
  assignees,
  operator,
  onApply,
}: {
  filters: InboxFilters
  /** What is wrong with the address's filters, shown from the start. */
  errors: FieldErrors<InboxFilter>
  assignees: readonly OperatorRef[]
  operator: SignedInOperator
  onApply: (filters: InboxFilters) => void
}) {
  const form = useContractForm<InboxFormField, InboxFilters, InboxFilters>({
    fields: INBOX_FORM_FIELDS,
    initialErrors: errors,
    request: (values) => {
      // The state stays the tab's.
      const chosen = inboxFiltersOf((name) =>
        name === 'state' ? (filters.state ?? null) : values.text(name),
      )
      const wrong = inboxFilterErrors(chosen)
      return Object.keys(wrong).length > 0 ? { errors: wrong } : { input: chosen }
    },
    send: async (chosen) => chosen,
    onSuccess: (chosen) => onApply(chosen),
  })
  const field = (name: InboxFormField) => ({ ...form.field(name), defaultValue: filters[name] ?? '' })
  const active = INBOX_FORM_FIELDS.filter((name) => filters[name] !== undefined).length
  // Folded on a phone, where the fields would fill the screen before the first inquiry, unless some
  // are in force or wrong; open on a wider screen.
  const [open, setOpen] = useState(() => active > 0 || Object.keys(errors).length > 0 || wideScreen())
  const topics = [
    { value: '', label: t('adminInquiries.inbox.filters.anyTopic') },
    ...INQUIRY_TOPICS.map((topic) => ({ value: topic, label: t(`inquiry.topics.${topic}`) })),
  ]
  return (
    <details
      className="card console-card console-filters-card"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="console-filters-card__summary">
        <h2 className="card__title">{t('adminInquiries.inbox.filters.title')}</h2>
        {active > 0 && (
          <span className="badge">{t('adminInquiries.inbox.filters.active', { count: active })}</span>
        )}
      </summary>
      <Form form={form} className="console-filters" role="search">
        <div className="console-filters__fields">
          <SelectField
            {...field('assignee')}
            label={t('adminInquiries.inbox.filters.assignee')}
            options={[
              { value: '', label: t('adminInquiries.inbox.filters.anyAssignee') },
              { value: 'none', label: t('adminInquiries.inbox.filters.noAssignee') },
              ...operatorOptions(assignees, operator, filters.assignee),
            ]}
          />
          <SelectField {...field('topic')} label={t('adminInquiries.inbox.filters.topic')} options={topics} />
          <TextField
            {...field('referenceNumber')}
            label={t('adminInquiries.inbox.filters.referenceNumber')}
            hint={t('adminInquiries.inbox.filters.referenceNumberHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField
            {...field('mailAddress')}
            type="email"
            label={t('adminInquiries.inbox.filters.mailAddress')}
            hint={t('adminInquiries.inbox.filters.mailAddressHint', {
              max: INQUIRY_ADMIN_LIMITS.mailAddressMax,
            })}
            autoComplete="off"
            spellCheck={false}
          />
          <SelectField
            {...field('order')}
            label={t('adminInquiries.inbox.filters.order')}
            options={[
              { value: '', label: t('adminInquiries.inbox.filters.oldest') },
              { value: 'newest', label: t('adminInquiries.inbox.filters.newest') },
            ]}
          />
        </div>
        <div className="console-filters__actions">
          <SubmitButton pending={false} className="button">
            {t('adminInquiries.inbox.filters.submit')}
          </SubmitButton>
          {active > 0 && (
            <Link href={inboxPath({ state: filters.state })} className="text-link">
              {t('adminInquiries.inbox.filters.clear')}
            </Link>
          )}
        </div>
      </Form>
    </details>
  )
}

function wideScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 600px)').matches
}
