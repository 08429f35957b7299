/**
 * The events the help module emits when an operator changes help, each in the transaction of the
 * change. A category's target is `{ kind: 'help-category', id }` (its changed title or lead, or
 * its answers' ids in order before and after), an answer's `{ kind: 'help-answer', id }` (its
 * changed fields; a new answer's `after` all of them, a removed one's `before` its category and
 * question). The bundled help written at start is no event: it changes nothing an operator made.
 */
declare module '../events' {
  interface DomainEvents {
    'help.category-changed': { categoryId: string }
    'help.answers-ordered': { categoryId: string }
    'help.answer-created': { answerId: string; categoryId: string }
    'help.answer-changed': { answerId: string; categoryId: string }
    'help.answer-removed': { answerId: string; categoryId: string }
  }
}

export {}
