import type { InformationState, MarkdownProblem } from '@puribox/contract/admin-information'
import type { InformationPage } from '@puribox/contract/pages'
import { japanTime as contentJapanTime } from '../content/content-format'
import { t } from './info-i18n'

export const infoPageName = (page: InformationPage) => t(`adminInformation.pages.${page}`)
export const infoStateName = (state: InformationState) => t(`adminInformation.states.${state}`)

/** The content areas' colours: members see it (current), will (scheduled), do not (draft, past). */
const STATE_CLASS: Record<InformationState, string> = {
  draft: 'draft',
  scheduled: 'scheduled',
  current: 'published',
  past: 'ended',
}

/** A version's state as a badge, coloured by whether members see it. */
export function InfoStateBadge({ state }: { state: InformationState }) {
  return (
    <span className={`badge content-state content-state--${STATE_CLASS[state]}`}>{infoStateName(state)}</span>
  )
}

/** The mark of the two pages members agree to. */
export function PolicyBadge() {
  return <span className="badge info-policy-badge">{t('adminInformation.policyBadge')}</span>
}

/** An instant of the API as an operator reads it: Japan time, to the minute. */
export const japanTime = contentJapanTime

/** What a problem of the Markdown is, in Japanese, with what it is about. */
export function problemSentence(problem: MarkdownProblem): string {
  return t(`adminInformation.problems.${problem.code}`, { detail: problem.detail ?? '' })
}

/**
 * The problems of a body, each said in Japanese; nothing when there are none. `announce`: said to a
 * screen reader at once (a page that opens with them); a preview updated while typing is not.
 */
export function InfoProblems({
  problems,
  announce = true,
}: {
  problems: readonly MarkdownProblem[]
  announce?: boolean
}) {
  if (problems.length === 0) return null
  return (
    <div className="notice notice--error info-problems" role={announce ? 'alert' : undefined}>
      <p className="info-problems__title">
        {t('adminInformation.problems.title', { count: problems.length })}
      </p>
      <p>{t('adminInformation.problems.lead')}</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.code}:${problem.detail ?? ''}`}>{problemSentence(problem)}</li>
        ))}
      </ul>
    </div>
  )
}

/**
 * A sentence with a version's label in it, the label kept on one line: `2026-04-01` would otherwise
 * break at a hyphen on a phone.
 */
export function WithLabel({ text, label }: { text: string; label: string }) {
  const at = text.indexOf(label)
  if (at === -1 || label === '') return text
  return (
    <>
      {text.slice(0, at)}
      <span className="info-nowrap">{label}</span>
      {text.slice(at + label.length)}
    </>
  )
}
