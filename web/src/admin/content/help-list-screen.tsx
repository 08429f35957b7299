import type { AdminHelp, AdminHelpCategory } from '@puribox/contract/admin-help'
import { useState } from 'react'
import { Link } from 'wouter'
import { useContent } from './content-context'
import { japanTime } from './content-format'
import { LoadedOr } from './content-loaded'
import { ContentPage, ReadOnlyNote } from './content-page'
import { helpAccessOf, writesHelp } from './help-access'
import { AnswerList } from './help-answer-list'
import { useHelp } from './help-api'
import { HelpOrder } from './help-order'
import { helpCategoryAnchor, helpCategoryEditPath, newHelpAnswerPath } from './help-paths'
import { t } from './i18n'
import './help-area.css'

/**
 * `/admin/help`: every category of the help with its questions in the order members see them. An
 * editor adds a question to a category, changes the category's title and lead, and sets the order
 * of its questions; each question's page shows the answer and what may be done with it. The answers
 * removed are listed last, each with the way to bring it back.
 */
export function HelpListScreen() {
  const { operator } = useContent()
  const access = helpAccessOf(operator.role)
  const help = useHelp()
  return (
    <ContentPage
      title={t('adminContent.help.title')}
      lead={t('adminContent.help.lead')}
      actions={
        access.create ? (
          <Link href={newHelpAnswerPath()} className="button button--small">
            {t('adminContent.help.create')}
          </Link>
        ) : (
          !writesHelp(access) && <ReadOnlyNote />
        )
      }
    >
      <LoadedOr query={help} failure={t('adminContent.help.loadFailed')}>
        {(loaded) => <HelpCategories help={loaded} />}
      </LoadedOr>
    </ContentPage>
  )
}

function HelpCategories({ help }: { help: AdminHelp }) {
  if (help.categories.length === 0) {
    return (
      <section className="card console-card empty-state" aria-labelledby="help-empty-title">
        <h2 id="help-empty-title" className="card__title">
          {t('adminContent.help.empty.title')}
        </h2>
        <p>{t('adminContent.help.empty.body')}</p>
      </section>
    )
  }
  return (
    <>
      <nav className="help-index" aria-label={t('adminContent.help.index')}>
        <ul>
          {help.categories.map((category) => (
            <li key={category.id}>
              <a href={`#${helpCategoryAnchor(category.id)}`} className="help-index__link">
                {category.title}
                <span className="help-index__count">
                  {t('adminContent.help.count', { count: category.answers.length })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {help.categories.map((category) => (
        <HelpCategorySection key={category.id} category={category} />
      ))}
      {help.removed.length > 0 && <RemovedAnswers help={help} />}
    </>
  )
}

/** A category: its title and lead, what an editor may do with it, and its questions in order. */
function HelpCategorySection({ category }: { category: AdminHelpCategory }) {
  const { operator } = useContent()
  const access = helpAccessOf(operator.role)
  const titleId = `${helpCategoryAnchor(category.id)}-title`
  // What the last change of this category's order said, here where it was made.
  const [said, setSaid] = useState<string | null>(null)
  return (
    <section
      id={helpCategoryAnchor(category.id)}
      className="card console-card help-category"
      aria-labelledby={titleId}
    >
      <div className="console-head">
        <div className="console-page__head">
          <h2 id={titleId} className="card__title">
            {category.title}
          </h2>
          <p className="note">{category.lead}</p>
          <p className="content-sub">
            {t('adminContent.help.categoryId')} <code className="content-code">{category.id}</code>
            {category.operatorEditedAt && (
              <> {t('adminContent.help.editedAt', { time: japanTime(category.operatorEditedAt) })}</>
            )}
          </p>
        </div>
        {(access.changeCategory || access.create) && (
          <div className="console-head__actions">
            {access.create && (
              <Link
                href={newHelpAnswerPath({ categoryId: category.id })}
                className="button button--secondary button--small"
                aria-label={t('adminContent.help.addToNamed', { category: category.title })}
              >
                {t('adminContent.help.addTo')}
              </Link>
            )}
            {access.changeCategory && (
              <Link
                href={helpCategoryEditPath(category.id)}
                className="button button--secondary button--small"
                aria-label={t('adminContent.help.changeCategoryNamed', { category: category.title })}
              >
                {t('adminContent.help.changeCategory')}
              </Link>
            )}
          </div>
        )}
      </div>
      {said && (
        <p className="notice console-flash" role="status">
          {said}
        </p>
      )}
      {category.answers.length === 0 ? (
        <p className="content-none">{t('adminContent.help.noAnswers')}</p>
      ) : access.order ? (
        <HelpOrder category={category} onSaved={setSaid} />
      ) : (
        <AnswerList answers={category.answers} />
      )}
    </section>
  )
}

/** The answers operators removed, the last first: an editor adds one again with its id. */
function RemovedAnswers({ help }: { help: AdminHelp }) {
  const { operator } = useContent()
  const access = helpAccessOf(operator.role)
  const titleOf = (categoryId: string) =>
    help.categories.find((category) => category.id === categoryId)?.title ?? categoryId
  return (
    <details className="card console-card help-removed">
      <summary className="console-filters-card__summary">
        <h2 className="card__title">
          {t('adminContent.help.removed.title', { count: help.removed.length })}
        </h2>
      </summary>
      <p className="note">{t('adminContent.help.removed.lead')}</p>
      <ul className="help-answers">
        {help.removed.map((removed) => (
          <li key={removed.id} className="help-answers__item">
            <div className="help-answers__summary">
              <span className="help-removed__question">{removed.question}</span>
              <span className="content-sub">
                <code className="content-code">{removed.id}</code>{' '}
                {t('adminContent.help.removed.at', {
                  category: titleOf(removed.categoryId),
                  time: japanTime(removed.removedAt),
                })}
              </span>
            </div>
            {access.create && (
              <Link
                href={newHelpAnswerPath({ categoryId: removed.categoryId, answerId: removed.id })}
                className="button button--secondary button--small"
                aria-label={t('adminContent.help.removed.restoreNamed', { question: removed.question })}
              >
                {t('adminContent.help.removed.restore')}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </details>
  )
}
