import { INQUIRY_TOPIC_HELP, type InquiryTopic } from '@puribox/contract/inquiry-rules'
import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { AppLink } from '../../../components/app-link'
import { helpAnswerPath, useHelpQuestions } from '../api/help-answers'
import { t } from '../i18n'

/**
 * Above a topic's form: the help answers that may already solve it (INQUIRY_TOPIC_HELP), by their
 * questions. When help cannot be read the form simply comes without them.
 */
export function HelpFirst({ topic }: { topic: InquiryTopic }) {
  const titleId = useId()
  const help = useHelpQuestions()
  const answers = INQUIRY_TOPIC_HELP[topic].flatMap((id) => {
    const question = help.data?.get(id)
    return question ? [{ id, question }] : []
  })
  if (help.isError || (help.isSuccess && answers.length === 0)) return null
  return (
    <section className="card card--soft inquiry-help" aria-labelledby={titleId} aria-busy={help.isPending}>
      <h2 id={titleId} className="card__title">
        {t('inquiry.help.title')}
      </h2>
      <p>{t('inquiry.help.lead')}</p>
      {help.isPending ? (
        <p className="field-hint">{t('inquiry.help.loading')}</p>
      ) : (
        <ul className="inquiry-help__list">
          {answers.map((answer) => (
            <li key={answer.id}>
              <AppLink href={helpAnswerPath(answer.id)} className="text-link">
                {answer.question}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <AppLink href={links.help} className="text-link">
        {t('inquiry.help.more')}
      </AppLink>
    </section>
  )
}
