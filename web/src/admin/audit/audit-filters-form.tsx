import { Form } from '../../components/form/form'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import { t } from '../i18n'
import { FiltersCard, FiltersEnd, type FiltersFormProps, useFiltersForm } from '../kit/filters-form'
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
export function AuditFiltersForm(props: FiltersFormProps<AuditFilter, AuditFilters>) {
  const { filters } = props
  const { form, field } = useFiltersForm(props, {
    fields: AUDIT_FILTERS,
    read: (values) => auditFiltersOf((name) => values.text(name)),
    check: auditFilterErrors,
  })
  const active = Object.keys(filters).length
  return (
    <FiltersCard
      title={t('admin.audit.filters.title')}
      active={active}
      activeLabel={t('admin.audit.filters.active', { count: active })}
      errors={props.errors}
    >
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
        <FiltersEnd
          submit={t('admin.audit.filters.submit')}
          clearPath={active > 0 ? AUDIT_PATH : undefined}
        />
      </Form>
    </FiltersCard>
  )
}
