import { links } from '@puribox/contract/pages'
import { useId } from 'react'
import { useParams } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { useHelp } from '../api/get-help'
import { helpCategoryPath } from '../help-paths'
import { t } from '../i18n'
import '../help.css'
import { HelpBlocks } from './help-blocks'
import { HelpContact, HelpLoadFailure } from './help-contact'
import { HelpNotFound } from './help-not-found'
import { HelpQuestionList } from './help-question-list'

/** `/web/common/help/answer/{id}`: one question, its answer, related questions and the way to ask. */
export function HelpAnswerScreen() {
  const { answerId = '' } = useParams<{ answerId: string }>()
  const help = useHelp()
  const relatedId = useId()

  if (help.isPending) return <LoadingState />
  if (help.isError) return <HelpLoadFailure error={help.error} onRetry={() => void help.refetch()} />

  const found = help.data.answers.get(answerId)
  if (!found) return <HelpNotFound kind="answer" />
  const { answer, category } = found
  const related = answer.related.flatMap((id) => {
    const other = help.data.answers.get(id)
    return other ? [other.answer] : []
  })
  return (
    <div className="page">
      <PageTitle page={answer.question} />
      <nav aria-label={t('help.breadcrumb')}>
        <ol className="help-crumbs">
          <li>
            <AppLink href={links.help}>{t('help.top')}</AppLink>
          </li>
          <li>
            <AppLink href={helpCategoryPath(category.id)}>{category.title}</AppLink>
          </li>
        </ol>
      </nav>
      <h1 className="page__title">{answer.question}</h1>
      <article className="card help-answer">
        <HelpBlocks blocks={answer.body} />
      </article>
      {related.length > 0 && (
        <section aria-labelledby={relatedId}>
          <h2 id={relatedId} className="section-title">
            {t('help.relatedTitle')}
          </h2>
          <HelpQuestionList items={related} />
        </section>
      )}
      <AppLink href={helpCategoryPath(category.id)} className="text-link">
        {t('help.toCategory')}
      </AppLink>
      <HelpContact categoryId={category.id} />
    </div>
  )
}
