import { AppLink } from '../../../components/app-link'
import { helpAnswerPath } from '../help-paths'

interface QuestionItem {
  id: string
  question: string
  /** A line under the question (its category, in search results). */
  sub?: string
}

/** Questions as a list of links to their answers. */
export function HelpQuestionList({ items, label }: { items: readonly QuestionItem[]; label?: string }) {
  return (
    <ul className="help-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <AppLink href={helpAnswerPath(item.id)}>
            <span className="help-list__text">
              <span>{item.question}</span>
              {item.sub && <span className="help-list__sub">{item.sub}</span>}
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  )
}
