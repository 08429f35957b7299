import { useParams } from 'wouter'
import { HelpAnswerScreen } from './help-answer-screen'
import { HelpCategoryScreen } from './help-category-screen'

/**
 * Both help pages, one screen of the route table (one entry in the first load's router): an
 * answer's path names `answerId`, a category's `categoryId`.
 */
export function HelpScreen() {
  return 'answerId' in useParams() ? <HelpAnswerScreen /> : <HelpCategoryScreen />
}
