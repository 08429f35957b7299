import { useState } from 'react'
import { Link } from 'wouter'
import { Form, SubmitButton } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { type FieldErrors, useContractForm } from '../../components/form/use-contract-form'
import { t } from '../i18n'
import { AUDIT_PATH } from '../paths'
import {
  AUDIT_FILTERS,
  type AuditFilter,
  type AuditFilters,
  auditFilterErrors,
  auditFiltersOf,
} from './audit-filters'
import { actionName, codeOptions, NAMED_ACTIONS, NAMED_TARGET_KINDS, targetKindName } from './audit-labels'

/**
 * The audit log's filters. It starts from the address (and is drawn afresh when the address changes:
 * back and forward); applying it writes the address, which is what the list reads.
 */
export function AuditFiltersForm({
  filters,
  errors,
  onApply,
}: {
  filters: AuditFilters
  /** What is wrong with the address's filters, shown from the start. */
  errors: FieldErrors<AuditFilter>
  onApply: (filters: AuditFilters) => void
}) {
  const form = useContractForm<AuditFilter, AuditFilters, AuditFilters>({
    fields: AUDIT_FILTERS,
    initialErrors: errors,
    request: (values) => {
      const chosen = auditFiltersOf((name) => values.text(name))
      const wrong = auditFilterErrors(chosen)
      return Object.keys(wrong).length > 0 ? { errors: wrong } : { input: chosen }
    },
    send: async (chosen) => chosen,
    onSuccess: (chosen) => onApply(chosen),
  })
  const field = (name: AuditFilter) => ({ ...form.field(name), defaultValue: filters[name] ?? '' })
  const active = Object.keys(filters).length
  // Folded on a phone, where the fields would fill the screen before the first entry, unless some
  // are in force or wrong; open on a wider screen.
  const [open, setOpen] = useState(() => active > 0 || Object.keys(errors).length > 0 || wideScreen())
  return (
    <details
      className="card console-card console-filters-card"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="console-filters-card__summary">
        <h2 className="card__title">{t('admin.audit.filters.title')}</h2>
        {active > 0 && <span className="badge">{t('admin.audit.filters.active', { count: active })}</span>}
      </summary>
      <Form form={form} className="console-filters">
        <div className="console-filters__fields">
          <TextField
            {...field('operatorId')}
            label={t('admin.audit.filters.operatorId')}
            hint={t('admin.audit.filters.operatorIdHint')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
          <SelectField
            {...field('targetKind')}
            label={t('admin.audit.filters.targetKind')}
            options={codeOptions(
              NAMED_TARGET_KINDS,
              targetKindName,
              t('admin.audit.filters.anyTargetKind'),
              filters.targetKind,
            )}
          />
          <TextField
            {...field('targetId')}
            label={t('admin.audit.filters.targetId')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
          <SelectField
            {...field('action')}
            label={t('admin.audit.filters.action')}
            options={codeOptions(
              NAMED_ACTIONS,
              actionName,
              t('admin.audit.filters.anyAction'),
              filters.action,
            )}
          />
          <TextField {...field('from')} label={t('admin.audit.filters.from')} type="date" />
          <TextField {...field('to')} label={t('admin.audit.filters.to')} type="date" />
        </div>
        <div className="console-filters__actions">
          <SubmitButton pending={false} className="button">
            {t('admin.audit.filters.submit')}
          </SubmitButton>
          {Object.keys(filters).length > 0 && (
            <Link href={AUDIT_PATH} className="text-link">
              {t('admin.audit.filters.clear')}
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
