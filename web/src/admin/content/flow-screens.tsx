import type { AdminFlow } from '@puribox/contract/admin-flows'
import type { FlowName } from '@puribox/contract/payments'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { type LoadedOrProps, loadedOrWith } from '../kit/loaded-or'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { ContentPage } from './content-page'
import { changesFlows } from './flow-access'
import { flowQueryKey, flowsQueryKey, readFlow, readFlows } from './flow-api'
import { FLOW_ERRORS, t } from './flow-i18n'
import { FlowCaseBadge, flowName, flowShare, flowWhat } from './flow-labels'
import { FLOWS_PATH, flowAuditPath, flowEditPath, flowPath } from './flow-paths'
import './flow.css'

/** The list, as the first step of the other screens' trails. */
export const TO_FLOWS = { href: FLOWS_PATH, label: t('adminFlows.title') }

/** Every flow (the list and the judge's note ask for the same answer). */
export function useFlows() {
  return useQuery({ queryKey: flowsQueryKey, queryFn: ({ signal }) => readFlows(signal) })
}

/** One flow (its page and its form ask for the same answer). */
export function useFlow(flowName: FlowName) {
  return useQuery({ queryKey: flowQueryKey(flowName), queryFn: ({ signal }) => readFlow(flowName, signal) })
}

/** Why nothing here can be changed by this role: said in place of the button an editor would have. */
export function FlowsReadOnly() {
  const { operator } = useContent()
  return (
    <p className="note console-read-only">
      {t('adminFlows.readOnly', { role: t(`admin.roles.${operator.role}`) })}
    </p>
  )
}

const LoadedOr = loadedOrWith(FLOW_ERRORS)

/**
 * The console's LoadedOr (kit/loaded-or.tsx) with the area's error sentences: every flow screen
 * names the same failure.
 */
export function FlowLoadedOr<T>({ query, children }: Pick<LoadedOrProps<T>, 'query' | 'children'>) {
  return (
    <LoadedOr query={query} failure={t('adminFlows.list.loadFailed')}>
      {children}
    </LoadedOr>
  )
}

const updatedAt = (flow: AdminFlow) =>
  flow.updatedAt ? (
    <time dateTime={flow.updatedAt}>{japanTime(flow.updatedAt)}</time>
  ) : (
    <span className="content-none">{t('adminFlows.never')}</span>
  )

type Column = 'flow' | 'case' | 'share' | 'updatedAt'
const column = (name: Column) => t(`adminFlows.list.columns.${name}`)

/**
 * `/admin/flows`: the four flows (the judge first) with what each is set to now: four rows always,
 * so no paging. Who sees the offer at all is said above them.
 */
export function FlowListScreen() {
  const { operator } = useContent()
  const flows = useFlows()
  return (
    <ContentPage
      title={t('adminFlows.title')}
      lead={t('adminFlows.lead')}
      actions={changesFlows(operator.role) ? undefined : <FlowsReadOnly />}
    >
      <p className="note">{t('adminFlows.conditions')}</p>
      <FlowLoadedOr query={flows}>
        {(loaded) => (
          <section className="console-list" aria-labelledby="flows-list-title">
            <h2 id="flows-list-title" className="visually-hidden">
              {t('adminFlows.list.title')}
            </h2>
            <table className="console-table card-table">
              <thead>
                <tr>
                  <th scope="col">{column('flow')}</th>
                  <th scope="col">{column('case')}</th>
                  <th scope="col">{column('share')}</th>
                  <th scope="col">{column('updatedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {loaded.flows.map((flow) => (
                  <tr key={flow.flowName}>
                    <th scope="row">
                      <Link href={flowPath(flow.flowName)} className="content-table__main-link">
                        {flowName(flow.flowName)}
                      </Link>
                      <span className="content-sub">
                        <code className="content-code">{flow.screenPath}</code>
                      </span>
                    </th>
                    <td data-label={column('case')}>
                      <FlowCaseBadge flow={flow} />
                    </td>
                    <td data-label={column('share')}>{flowShare(flow)}</td>
                    <td data-label={column('updatedAt')}>{updatedAt(flow)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </FlowLoadedOr>
    </ContentPage>
  )
}

/**
 * `/admin/flows/:flowName`: what the flow decides, what it is set to now, and, for a screen's flow,
 * whether the judge lets the trial be offered at all.
 */
export function FlowScreen({ flowName: name }: { flowName: FlowName }) {
  const { operator } = useContent()
  const flow = useFlow(name)
  const judge = useFlows().data?.flows.find((item) => item.flowName === 'TRIAL_JUDGE')
  return (
    <ContentPage
      title={flowName(name)}
      lead={flowWhat(name)}
      trail={[TO_FLOWS]}
      actions={
        changesFlows(operator.role) ? (
          <Link href={flowEditPath(name)} className="button button--secondary button--small">
            {t('adminFlows.flow.edit')}
          </Link>
        ) : (
          <FlowsReadOnly />
        )
      }
    >
      <FlowLoadedOr query={flow}>
        {(loaded) => (
          <section className="card console-card" aria-labelledby="flow-facts-title">
            <h2 id="flow-facts-title" className="card__title">
              {t('adminFlows.flow.facts')}
            </h2>
            {name !== 'TRIAL_JUDGE' && judge?.caseName === 'NORMAL' && (
              <p className="notice notice--warning">{t('adminFlows.flow.judgeOff')}</p>
            )}
            <dl className="console-facts">
              <div>
                <dt>{t('adminFlows.flow.screen')}</dt>
                <dd>
                  <code className="content-code">{loaded.screenPath}</code>
                </dd>
              </div>
              <div>
                <dt>{t('adminFlows.flow.case')}</dt>
                <dd>
                  <FlowCaseBadge flow={loaded} />
                </dd>
              </div>
              <div>
                <dt>{t('adminFlows.flow.share')}</dt>
                <dd>{flowShare(loaded)}</dd>
              </div>
              <div>
                <dt>{t('adminFlows.flow.updatedAt')}</dt>
                <dd>{updatedAt(loaded)}</dd>
              </div>
              <div>
                <dt>{t('adminFlows.flow.code')}</dt>
                <dd>
                  <code className="content-code">{loaded.flowName}</code>
                </dd>
              </div>
            </dl>
            <p className="note">{t('adminFlows.flow.shareNote')}</p>
            <p className="note">{t('adminFlows.conditions')}</p>
            <Link href={flowAuditPath(name)} className="text-link">
              {t('adminFlows.flow.audit')}
            </Link>
          </section>
        )}
      </FlowLoadedOr>
    </ContentPage>
  )
}
