import { INQUIRY_ADMIN_LIMITS, type OperatorRef } from '@puribox/contract/admin-inquiries'
import { INQUIRY_TOPICS } from '@puribox/contract/inquiry-rules'
import { Form } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { FiltersCard, FiltersEnd, type FiltersFormProps, useFiltersForm } from '../kit/filters-form'
import type { SignedInOperator } from '../session/session-api'
import { operatorOptions } from './assignee-options'
import { t } from './i18n'
import {
  INBOX_FORM_FIELDS,
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
  assignees,
  operator,
  ...props
}: FiltersFormProps<InboxFormField, InboxFilters> & {
  assignees: readonly OperatorRef[]
  operator: SignedInOperator
}) {
  const { filters } = props
  const { form, field } = useFiltersForm(props, {
    fields: INBOX_FORM_FIELDS,
    // The state stays the tab's.
    read: (values) =>
      inboxFiltersOf((name) => (name === 'state' ? (filters.state ?? null) : values.text(name))),
    check: inboxFilterErrors,
  })
  const active = INBOX_FORM_FIELDS.filter((name) => filters[name] !== undefined).length
  const topics = [
    { value: '', label: t('adminInquiries.inbox.filters.anyTopic') },
    ...INQUIRY_TOPICS.map((topic) => ({ value: topic, label: t(`inquiry.topics.${topic}`) })),
  ]
  return (
    <FiltersCard
      title={t('adminInquiries.inbox.filters.title')}
      active={active}
      activeLabel={t('adminInquiries.inbox.filters.active', { count: active })}
      errors={props.errors}
    >
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
        <FiltersEnd
          submit={t('adminInquiries.inbox.filters.submit')}
          clearPath={active > 0 ? inboxPath({ state: filters.state }) : undefined}
        />
      </Form>
    </FiltersCard>
  )
}
