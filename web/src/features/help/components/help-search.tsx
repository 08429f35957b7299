import type { HelpDocument } from '@puribox/contract/help'
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { HelpIndex } from '../api/get-help'
import { HELP_QUERY_MAX } from '../help-paths'
import { t } from '../i18n'
import type { HelpSearch } from '../search/help-search'
import { HelpQuestionList } from './help-question-list'

/** The search and its index come in a chunk of their own, when someone searches. */
const loadSearch = () => import('../search/help-search')

/** The help's search, built once per document; null until its chunk has come. */
function useSearchIndex(help: HelpIndex | undefined, wanted: boolean) {
  const [built, setBuilt] = useState<{ document: HelpDocument; search: HelpSearch } | null>(null)
  const [failed, setFailed] = useState(false)
  const document = help?.document
  useEffect(() => {
    if (!wanted || !document || built?.document === document) return
    let live = true
    loadSearch().then(
      (module) => {
        if (live) setBuilt({ document, search: module.createHelpSearch(document) })
      },
      () => {
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [wanted, document, built])
  return { search: built && built.document === document ? built.search : null, failed }
}

interface HelpSearchBoxProps {
  value: string
  onChange: (value: string) => void
}

/** The search box: what is typed searches at once (hiragana too, while it is being converted). */
export function HelpSearchBox({ value, onChange }: HelpSearchBoxProps) {
  const inputId = useId()
  const hintId = useId()
  const input = useRef<HTMLInputElement>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The results are already there: put the keyboard away so they can be seen.
    input.current?.blur()
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: the browsers of older phones (Safari before 17, Chrome before 118) know no <search> element and give it no role; a form with the role is a search landmark on every phone.
    <form role="search" className="help-search" onSubmit={submit}>
      <label className="field-label" htmlFor={inputId}>
        {t('help.search.label')}
      </label>
      <div className="help-search__row">
        <input
          ref={input}
          id={inputId}
          className="field-input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={HELP_QUERY_MAX}
          placeholder={t('help.search.placeholder')}
          aria-describedby={hintId}
          value={value}
          onFocus={() => void loadSearch().catch(() => undefined)}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="submit" className="button">
          {t('help.search.submit')}
        </button>
      </div>
      <p id={hintId} className="field-hint">
        {t('help.search.hint')}
      </p>
    </form>
  )
}

/** What a search found: the questions, the best first, or a clear sentence that nothing was. */
export function HelpSearchResults({
  help,
  query,
  onClear,
}: {
  help: HelpIndex
  query: string
  onClear: () => void
}) {
  const titleId = useId()
  const { search, failed } = useSearchIndex(help, true)
  const hits = useMemo(() => (search ? search.search(query) : null), [search, query])
  if (failed) return <p className="notice notice--error">{t('help.loadFailed')}</p>
  if (!hits) return <p className="help-status">{t('help.search.loading')}</p>
  if (hits.length === 0) {
    return (
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId} className="card__title">
          {t('help.search.noneTitle', { query })}
        </h2>
        <p role="status">{t('help.search.noneBody')}</p>
        <button type="button" className="button button--secondary button--block" onClick={onClear}>
          {t('help.search.clear')}
        </button>
      </section>
    )
  }
  return (
    <section aria-labelledby={titleId} className="stack">
      <h2 id={titleId} className="section-title">
        {t('help.search.resultsTitle', { query })}
      </h2>
      <p role="status" className="help-status">
        {t('help.search.count', { count: hits.length })}
      </p>
      <HelpQuestionList
        items={hits.map(({ answer, category }) => ({
          id: answer.id,
          question: answer.question,
          sub: category.title,
        }))}
      />
    </section>
  )
}
