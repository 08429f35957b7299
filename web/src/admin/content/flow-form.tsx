import { type AdminFlow, type FlowChange, flowChangeSchema } from '@puribox/contract/admin-flows'
import { FLOW_CASES, type FlowCase, type FlowName } from '@puribox/contract/payments'
import { useState } from 'react'
import { Form } from '../../components/form/form'
import type { FormValues } from '../../components/form/form-values'
import { SelectField } from '../../components/form/select-field'
import { TextField } from '../../components/form/text-field'
import type { FieldErrors, FormRequest } from '../../components/form/use-contract-form'
import { DraftRestored, type KeptDraft, withDraft } from '../kit/drafted-form'
import { FormEnd } from '../kit/form-end'
import { REASON_RULE, ReasonField, readReason } from '../kit/reason-field'
import { useSaveForm } from '../kit/save-form'
import { useContent } from './content-context'
import { schemaFieldErrors } from './content-form'
import { ContentPage, NotAllowed } from './content-page'
import { changesFlows } from './flow-access'
import { changeFlow } from './flow-api'
import { FLOW_ERRORS, t } from './flow-i18n'
import { flowCaseName, flowName } from './flow-labels'
import { flowPath } from './flow-paths'
import { FlowLoadedOr, TO_FLOWS, useFlow } from './flow-screens'

type FlowField = 'caseName' | 'rolloutPercent' | 'reason'

/** A share as typed, full-width digits too; null when it is not a whole percent from 0 to 100. */
function readShare(text: string): number | null {
  const typed = text.normalize('NFKC').trim().replace(/%$/, '')
  if (!/^\d{1,3}$/.test(typed)) return null
  const share = Number(typed)
  return share <= 100 ? share : null
}

function readFlowForm(
  values: FormValues,
  stored: AdminFlow,
): FormRequest<never, FlowField, FlowChange | null> {
  const errors: FieldErrors<FlowField> = {}
  const caseName = values.text('caseName') as FlowCase
  // NORMAL reaches every member: its share is not asked for.
  const share = caseName === 'NORMAL' ? 100 : readShare(values.text('rolloutPercent'))
  if (share === null) errors.rolloutPercent = t('adminFlows.form.errors.share')
  const checked = flowChangeSchema.safeParse({
    caseName,
    rolloutPercent: share ?? 0,
    reason: readReason(values),
  })
  const wrong = schemaFieldErrors(
    checked.error,
    {
      caseName: { label: t('adminFlows.form.case') },
      rolloutPercent: { label: t('adminFlows.form.share') },
      reason: REASON_RULE,
    },
    { known: errors },
  )
  if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
  const same =
    checked.data.caseName === stored.caseName && checked.data.rolloutPercent === stored.rolloutPercent
  return { input: same ? null : checked.data }
}

/**
 * `/admin/flows/:flowName/edit`: sets the flow's case and share, with the reason; members get it
 * from their next request. The share is asked for the TRIAL case only. What is typed is kept in this
 * tab until it is sent.
 */
export function FlowEditScreen({ flowName: name }: { flowName: FlowName }) {
  const { operator } = useContent()
  const flow = useFlow(name)
  return (
    <ContentPage
      title={t('adminFlows.form.title', { name: flowName(name) })}
      trail={[TO_FLOWS, { href: flowPath(name), label: flowName(name) }]}
    >
      {!changesFlows(operator.role) ? (
        <NotAllowed />
      ) : (
        <FlowLoadedOr query={flow}>
          {(loaded) => (
            <section className="card console-card">
              <FlowForm flow={loaded} />
            </section>
          )}
        </FlowLoadedOr>
      )}
    </ContentPage>
  )
}

const FlowForm = withDraft(FlowFormFields, ({ flow }) => `admin:flow:${flow.flowName}`)

function FlowFormFields({ flow, kept }: { flow: AdminFlow; kept: KeptDraft }) {
  const { changed } = useContent()
  const form = useSaveForm<FlowField, FlowChange | null, AdminFlow>({
    fields: ['caseName', 'rolloutPercent', 'reason'],
    draft: kept.key,
    request: (values) => readFlowForm(values, flow),
    send: async (input) => (input ? changeFlow(flow.flowName, input) : null),
    messages: FLOW_ERRORS,
    onSaved: () => changed(flowPath(flow.flowName), t('adminFlows.form.saved')),
  })
  const [caseName, setCaseName] = useState(form.initial('caseName', flow.caseName))
  return (
    <Form form={form} className="stack content-form">
      <DraftRestored kept={kept} />
      <SelectField
        {...form.field('caseName')}
        label={t('adminFlows.form.case')}
        defaultValue={caseName}
        onChange={(event) => setCaseName(event.target.value)}
        options={FLOW_CASES.map((value) => ({ value, label: flowCaseName(flow.flowName, value) }))}
      />
      <TextField
        {...form.field('rolloutPercent')}
        label={t('adminFlows.form.share')}
        defaultValue={form.initial('rolloutPercent', String(flow.rolloutPercent))}
        inputMode="numeric"
        autoComplete="off"
        inputClassName="flow-share"
        disabled={caseName === 'NORMAL'}
        hint={t('adminFlows.form.shareHint', { off: flowCaseName(flow.flowName, 'NORMAL') })}
      />
      <ReasonField {...form.field('reason')} />
      <FormEnd form={form} cancelPath={flowPath(flow.flowName)} draft={kept.key} />
    </Form>
  )
}
