import {
  type AdminFlow,
  type AdminFlows,
  adminFlowsApi,
  type FlowChange,
} from '@puribox/contract/admin-flows'
import type { FlowName } from '@puribox/contract/payments'
import { type ConsoleRoute, callConsoleApi } from '../api'
import { CONTENT_QUERY_KEY } from './content-context'

const api = adminFlowsApi

export const flowsQueryKey = [...CONTENT_QUERY_KEY, 'flows', 'list'] as const
export const flowQueryKey = (flowName: FlowName) => [...CONTENT_QUERY_KEY, 'flows', 'flow', flowName] as const

/** The route with its `:flowName` filled in. */
function at<R extends ConsoleRoute>(route: R, flowName: FlowName): R {
  return { ...route, path: route.path.replace(':flowName', encodeURIComponent(flowName)) }
}

export function readFlows(signal?: AbortSignal): Promise<AdminFlows> {
  return callConsoleApi(api.adminFlows, { signal })
}

export function readFlow(flowName: FlowName, signal?: AbortSignal): Promise<AdminFlow> {
  return callConsoleApi(at(api.adminFlow, flowName), { signal })
}

export function changeFlow(flowName: FlowName, body: FlowChange): Promise<AdminFlow> {
  return callConsoleApi(at(api.adminFlowChange, flowName), { body })
}
