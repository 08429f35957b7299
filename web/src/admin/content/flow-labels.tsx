import type { AdminFlow } from '@puribox/contract/admin-flows'
import type { FlowCase, FlowName } from '@puribox/contract/payments'
import { t } from './flow-i18n'

/** The judge decides whether the trial may be taken at all; the others whether their screen offers it. */
const kindOf = (flowName: FlowName) => (flowName === 'TRIAL_JUDGE' ? 'judge' : 'screen')

export const flowName = (flowName: FlowName) => t(`adminFlows.flows.${flowName}.name`)
export const flowWhat = (flowName: FlowName) => t(`adminFlows.flows.${flowName}.what`)

/** A case as operators read it for this flow: offering the trial, or (the judge) taking it at all. */
export const flowCaseName = (flowName: FlowName, caseName: FlowCase) =>
  t(`adminFlows.cases.${kindOf(flowName)}.${caseName}`)

/** Who gets the case: every member, a share, none (paused); nothing to say for NORMAL, which is everyone's. */
export function flowShare(flow: Pick<AdminFlow, 'caseName' | 'rolloutPercent'>): string {
  if (flow.caseName === 'NORMAL') return t('adminFlows.shareUnused')
  if (flow.rolloutPercent === 100) return t('adminFlows.shareAll')
  if (flow.rolloutPercent === 0) return t('adminFlows.shareNone')
  return t('adminFlows.share', { percent: flow.rolloutPercent })
}

/** A flow's case as a badge: green when the trial is offered (to some members at least). */
export function FlowCaseBadge({
  flow,
}: {
  flow: Pick<AdminFlow, 'flowName' | 'caseName' | 'rolloutPercent'>
}) {
  const offered = flow.caseName === 'TRIAL' && flow.rolloutPercent > 0
  return (
    <span className={`badge content-state content-state--${offered ? 'published' : 'ended'}`}>
      {flowCaseName(flow.flowName, flow.caseName)}
    </span>
  )
}
