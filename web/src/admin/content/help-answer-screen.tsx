import {
  type AdminHelp,
  type AdminHelpAnswer,
  type HelpAnswerRemove,
  helpAnswerRemoveSchema,
  type RemovedHelpAnswer,
} from '@puribox/contract/admin-help'
import { useState } from 'react'
import { Link } from 'wouter'
import { ReasonDialog } from './action-dialogs'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { LoadedOr } from './content-loaded'
import { ContentPage, ReadOnlyNote } from './content-page'
import { helpAccessOf, writesHelp } from './help-access'
import { findAnswer, removeHelpAnswer, useHelp } from './help-api'
import { HelpBodyView } from './help-body-view'
import { HELP_ERRORS } from './help-messages'
import { HELP_PATH, helpAnswerEditPath, helpAuditPath, memberHelpAnswerPath } from './help-paths'
import { t } from './i18n'
import './help-area.css'

export const TO_HELP = { href: HELP_PATH, label: t('adminContent.help.title') }

/**
 * `/admin/help/answers/:answerId`: a question and its answer as members read it, with the words it
 * is also found by, the answers offered after it, and whether the help top lists it. An editor
 * changes it or removes it (after confirming).
 */
export function HelpAnswerScreen({ answerId }: { answerId: string }) {
  const help = useHelp()
  const found = help.data ? findAnswer(help.data, answerId) : null
  return (
    <ContentPage
      title={found?.answer.question ?? t('adminContent.help.answer.title')}
      trail={[TO_HELP]}
      actions={found && <AnswerActions answer={found.answer} />}
    >
      <LoadedOr query={help} failure={t('adminContent.help.loadFailed')}>
        {(loaded) => {
          const here = findAnswer(loaded, answerId)
          if (!here) return <AnswerNotFound help={loaded} answerId={answerId} />
          return <AnswerFacts help={loaded} answer={here.answer} />
        }}
      </LoadedOr>
    </ContentPage>
  )
}

/** An answer that is not in the help: removed (said so, with when), or never there. */
function AnswerNotFound({ help, answerId }: { help: AdminHelp; answerId: string }) {
  const removed = help.removed.find((candidate) => candidate.id === answerId)
  return (
    <div className="notice notice--warning" role="alert">
      <p>
        {removed
          ? t('adminContent.help.answer.removedAt', { time: japanTime(removed.removedAt) })
          : t('adminContent.help.answer.notFound')}
      </p>
      <Link href={HELP_PATH} className="text-link">
        {t('adminContent.help.backToList')}
      </Link>
    </div>
  )
}

function AnswerActions({ answer }: { answer: AdminHelpAnswer }) {
  const { operator } = useContent()
  const access = helpAccessOf(operator.role)
  const [removing, setRemoving] = useState(false)
  if (!writesHelp(access)) return <ReadOnlyNote />
  return (
    <>
      {access.change && (
        <Link href={helpAnswerEditPath(answer.id)} className="button button--small">
          {t('adminContent.help.answer.change')}
        </Link>
      )}
      {access.remove && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setRemoving(true)}
        >
          {t('adminContent.help.answer.remove')}
        </button>
      )}
      {removing && <RemoveDialog answer={answer} onCancel={() => setRemoving(false)} />}
    </>
  )
}

function AnswerFacts({ help, answer }: { help: AdminHelp; answer: AdminHelpAnswer }) {
  const questionOf = (id: string) => findAnswer(help, id)?.answer.question
  return (
    <>
      <section className="card console-card" aria-labelledby="help-answer-body-title">
        <h2 id="help-answer-body-title" className="card__title">
          {t('adminContent.help.answer.body')}
        </h2>
        <HelpBodyView blocks={answer.body} />
      </section>
      <section className="card console-card" aria-labelledby="help-answer-facts-title">
        <h2 id="help-answer-facts-title" className="card__title">
          {t('adminContent.help.answer.facts')}
        </h2>
        <dl className="console-facts">
          <div>
            <dt>{t('adminContent.help.form.id')}</dt>
            <dd>
              <code className="content-code">{answer.id}</code>{' '}
              <a href={memberHelpAnswerPath(answer.id)} className="text-link" target="_blank" rel="noopener">
                {t('adminContent.help.answer.membersPage')}
              </a>
            </dd>
          </div>
          <div>
            <dt>{t('adminContent.help.form.featured')}</dt>
            <dd>{answer.featured ? t('adminContent.help.answer.yes') : t('adminContent.help.answer.no')}</dd>
          </div>
          <div>
            <dt>{t('adminContent.help.form.keywords')}</dt>
            <dd>
              {answer.keywords.length > 0 ? (
                answer.keywords.join(t('adminContent.help.listSeparator'))
              ) : (
                <span className="content-none">{t('adminContent.none')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('adminContent.help.form.related')}</dt>
            <dd>
              {answer.related.length > 0 ? (
                <ul className="help-related">
                  {answer.related.map((id) => (
                    <li key={id}>
                      <Link href={`${HELP_PATH}/answers/${encodeURIComponent(id)}`} className="text-link">
                        {questionOf(id) ?? id}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="content-none">{t('adminContent.none')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('adminContent.help.answer.edited')}</dt>
            <dd>
              {answer.operatorEditedAt
                ? japanTime(answer.operatorEditedAt)
                : t('adminContent.help.answer.bundled')}{' '}
              <Link href={helpAuditPath('help-answer', answer.id)} className="text-link">
                {t('adminContent.help.answer.audit')}
              </Link>
            </dd>
          </div>
        </dl>
      </section>
    </>
  )
}

/** Confirms removing the answer, with an optional reason; then the list says it was removed. */
function RemoveDialog({ answer, onCancel }: { answer: AdminHelpAnswer; onCancel: () => void }) {
  const { changed } = useContent()
  return (
    <ReasonDialog
      texts={{
        title: t('adminContent.help.answer.removeTitle'),
        body: t('adminContent.help.answer.removeBody', { question: answer.question }),
        submit: t('adminContent.help.answer.removeConfirm'),
        sending: t('adminContent.help.answer.removing'),
      }}
      schema={helpAnswerRemoveSchema}
      send={(input: HelpAnswerRemove) => removeHelpAnswer(answer.id, input)}
      messages={HELP_ERRORS}
      danger
      onClose={onCancel}
      onDone={(removed: RemovedHelpAnswer) =>
        changed(HELP_PATH, t('adminContent.help.answer.removed', { question: removed.question }))
      }
    />
  )
}
