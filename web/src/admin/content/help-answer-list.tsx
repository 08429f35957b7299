import type { AdminHelpAnswer } from '@puribox/contract/admin-help'
import { Link } from 'wouter'
import { japanTime } from './content-format'
import { helpAnswerPath } from './help-paths'
import { t } from './i18n'

/** A category's questions in members' order, each leading to its page. */
export function AnswerList({ answers }: { answers: readonly AdminHelpAnswer[] }) {
  return (
    <ol className="help-answers">
      {answers.map((answer) => (
        <li key={answer.id} className="help-answers__item">
          <AnswerSummary answer={answer} />
        </li>
      ))}
    </ol>
  )
}

/** A question as the lists show it: the link to its page, its id, and what marks it. */
export function AnswerSummary({ answer }: { answer: AdminHelpAnswer }) {
  return (
    <div className="help-answers__summary">
      <Link href={helpAnswerPath(answer.id)} className="content-table__main-link">
        {answer.question}
      </Link>
      <span className="content-sub">
        <code className="content-code">{answer.id}</code>
        {answer.featured && <span className="badge help-badge">{t('adminContent.help.featured')}</span>}
        {answer.operatorEditedAt && (
          <span className="help-edited">
            {t('adminContent.help.editedAt', { time: japanTime(answer.operatorEditedAt) })}
          </span>
        )}
      </span>
    </div>
  )
}
