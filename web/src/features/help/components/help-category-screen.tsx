import { HELP_TOP_ID } from '@puribox/contract/help-ids'
import { links } from '@puribox/contract/pages'
import { useId, useState } from 'react'
import { useLocation, useParams, useSearch } from 'wouter'
import { AppLink } from '../../../components/app-link'
import { LoadingState } from '../../../components/loading-state'
import { PageTitle } from '../../../components/page-title'
import { type HelpIndex, useHelp } from '../api/get-help'
import { helpCategoryPath, helpQueryOf, helpSearchPath, readQuery } from '../help-paths'
import { t } from '../i18n'
import '../help.css'
import { HelpContact, HelpLoadFailure } from './help-contact'
import { HelpNotFound } from './help-not-found'
import { HelpQuestionList } from './help-question-list'
import { HelpSearchBox, HelpSearchResults } from './help-search'

/** The help top's content without a search: frequently asked questions, then the categories. */
function HelpTopContent({ help }: { help: HelpIndex }) {
  const featuredId = useId()
  const categoriesId = useId()
  const featured = help.document.categories.flatMap((category) =>
    category.answers.filter((answer) => answer.featured),
  )
  return (
    <>
      {featured.length > 0 && (
        <section aria-labelledby={featuredId}>
          <h2 id={featuredId} className="section-title">
            {t('help.featuredTitle')}
          </h2>
          <HelpQuestionList items={featured} />
        </section>
      )}
      <section aria-labelledby={categoriesId}>
        <h2 id={categoriesId} className="section-title">
          {t('help.categoriesTitle')}
        </h2>
        <ul className="help-list">
          {help.document.categories.map((category) => (
            <li key={category.id}>
              <AppLink href={helpCategoryPath(category.id)}>
                <span className="help-list__text">
                  <span>{category.title}</span>
                  <span className="help-list__sub">{category.lead}</span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

/**
 * `/web/common/help/top/{category}`: a category's questions; `index` is the help top, with the
 * search box (what is typed stays in the address as `?q=`, so a reload keeps it).
 */
export function HelpCategoryScreen() {
  const { categoryId = '' } = useParams<{ categoryId: string }>()
  const query = helpQueryOf(useSearch())
  const [, navigate] = useLocation()
  const [typed, setTyped] = useState(query)
  const help = useHelp()
  // The address moved without typing (back, a link): the box follows it.
  const [seenQuery, setSeenQuery] = useState(query)
  if (seenQuery !== query) {
    setSeenQuery(query)
    if (readQuery(typed) !== query) setTyped(query)
  }
  const isTop = categoryId === HELP_TOP_ID

  if (help.isPending) return <LoadingState />
  if (help.isError) return <HelpLoadFailure error={help.error} onRetry={() => void help.refetch()} />

  if (isTop) {
    const search = (value: string) => {
      setTyped(value)
      navigate(helpSearchPath(value), { replace: true })
    }
    return (
      <div className="page">
        <PageTitle page={t('help.title')} />
        <h1 className="page__title">{t('help.title')}</h1>
        <p className="page__lead">{t('help.lead')}</p>
        <HelpSearchBox value={typed} onChange={search} />
        {query === '' ? (
          <HelpTopContent help={help.data} />
        ) : (
          <HelpSearchResults help={help.data} query={query} onClear={() => search('')} />
        )}
        <HelpContact />
      </div>
    )
  }

  const category = help.data.categories.get(categoryId)
  if (!category) return <HelpNotFound kind="category" />
  return (
    <div className="page">
      <PageTitle page={category.title} />
      <nav aria-label={t('help.breadcrumb')}>
        <ol className="help-crumbs">
          <li>
            <AppLink href={links.help}>{t('help.top')}</AppLink>
          </li>
        </ol>
      </nav>
      <h1 className="page__title">{category.title}</h1>
      <p className="page__lead">{category.lead}</p>
      <HelpQuestionList items={category.answers} label={t('help.questionsTitle')} />
      <AppLink href={links.help} className="text-link">
        {t('help.toTop')}
      </AppLink>
      <HelpContact categoryId={category.id} />
    </div>
  )
}
