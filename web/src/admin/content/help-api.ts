import {
  type AdminHelp,
  type AdminHelpAnswer,
  type AdminHelpCategory,
  adminHelpApi,
  type HelpAnswerChange,
  type HelpAnswerCreate,
  type HelpAnswerRemove,
  type HelpAnswersOrder,
  type HelpCategoryChange,
  type RemovedHelpAnswer,
} from '@puribox/contract/admin-help'
import { useQuery } from '@tanstack/react-query'
import { type ConsoleRoute, callConsoleApi } from '../api'
import { CONTENT_QUERY_KEY } from './content-context'

const api = adminHelpApi

/** The whole help (every category with its answers, and those removed): one answer every screen reads. */
export const helpQueryKey = [...CONTENT_QUERY_KEY, 'help'] as const

/** The route with its path's `:name` part filled in (encoded). */
function at<R extends ConsoleRoute>(route: R, name: string, value: string): R {
  return { ...route, path: route.path.replace(`:${name}`, encodeURIComponent(value)) }
}

export function readHelp(signal?: AbortSignal): Promise<AdminHelp> {
  return callConsoleApi(api.adminHelp, { signal })
}

export function useHelp() {
  return useQuery({ queryKey: helpQueryKey, queryFn: ({ signal }) => readHelp(signal) })
}

export function changeHelpCategory(categoryId: string, body: HelpCategoryChange): Promise<AdminHelpCategory> {
  return callConsoleApi(at(api.adminHelpCategoryChange, 'categoryId', categoryId), { body })
}

export function orderHelpAnswers(categoryId: string, body: HelpAnswersOrder): Promise<AdminHelpCategory> {
  return callConsoleApi(at(api.adminHelpAnswersOrder, 'categoryId', categoryId), { body })
}

export function createHelpAnswer(body: HelpAnswerCreate): Promise<AdminHelpAnswer> {
  return callConsoleApi(api.adminHelpAnswerCreate, { body })
}

export function changeHelpAnswer(answerId: string, body: HelpAnswerChange): Promise<AdminHelpAnswer> {
  return callConsoleApi(at(api.adminHelpAnswerChange, 'answerId', answerId), { body })
}

export function removeHelpAnswer(answerId: string, body: HelpAnswerRemove): Promise<RemovedHelpAnswer> {
  return callConsoleApi(at(api.adminHelpAnswerRemove, 'answerId', answerId), { body })
}

/** An answer of the help and its category, found by id; null when none has it (removed, or never). */
export function findAnswer(
  help: AdminHelp,
  answerId: string,
): { answer: AdminHelpAnswer; category: AdminHelpCategory } | null {
  for (const category of help.categories) {
    const answer = category.answers.find((candidate) => candidate.id === answerId)
    if (answer) return { answer, category }
  }
  return null
}
