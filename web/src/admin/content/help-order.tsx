import {
  type AdminHelp,
  type AdminHelpCategory,
  type HelpAnswersOrder,
  helpAnswersOrderSchema,
} from '@puribox/contract/admin-help'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Form, FormProblemNotice, SubmitButton } from '../../components/form/form'
import { useContractForm } from '../../components/form/use-contract-form'
import { CONTENT_QUERY_KEY } from './content-context'
import { REASON_RULE, ReasonField, readReason, schemaFieldErrors } from './content-form'
import { AnswerList, AnswerSummary } from './help-answer-list'
import { helpQueryKey, orderHelpAnswers } from './help-api'
import { HELP_ERRORS } from './help-messages'
import { t } from './i18n'

/**
 * A category's questions, and for an editor the way to set their order: each question moves up or
 * down a place, and the whole order is saved at once (with its reason), as members will see it.
 * An order made while someone else added or removed a question is refused; the list is read again.
 */
export function HelpOrder({
  category,
  onSaved,
}: {
  category: AdminHelpCategory
  /** Said in the category once its order is saved. */
  onSaved: (message: string) => void
}) {
  const [ordering, setOrdering] = useState(false)
  // An order refused because the list changed meanwhile: said over the list as it is now.
  const [stale, setStale] = useState<string | null>(null)
  if (!ordering) {
    return (
      <>
        {stale && (
          <p className="notice notice--error" role="alert">
            {stale}
          </p>
        )}
        <AnswerList answers={category.answers} />
        {category.answers.length > 1 && (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('adminContent.help.order.startNamed', { category: category.title })}
            onClick={() => {
              setStale(null)
              setOrdering(true)
            }}
          >
            {t('adminContent.help.order.start')}
          </button>
        )}
      </>
    )
  }
  return (
    <OrderForm
      category={category}
      onDone={() => setOrdering(false)}
      onStale={(message) => {
        setOrdering(false)
        setStale(message)
      }}
      onSaved={() => {
        setOrdering(false)
        onSaved(t('adminContent.help.order.saved'))
      }}
    />
  )
}

function OrderForm({
  category,
  onDone,
  onStale,
  onSaved,
}: {
  category: AdminHelpCategory
  onDone: () => void
  onStale: (message: string) => void
  onSaved: () => void
}) {
  const queryClient = useQueryClient()
  const [order, setOrder] = useState(() => category.answers.map((answer) => answer.id))
  const byId = new Map(category.answers.map((answer) => [answer.id, answer]))
  const unchanged = order.join() === category.answers.map((answer) => answer.id).join()
  const form = useContractForm<'reason', HelpAnswersOrder, AdminHelpCategory>({
    fields: ['reason'],
    request: (values) => {
      const checked = helpAnswersOrderSchema.safeParse({ answerIds: order, reason: readReason(values) })
      const wrong = schemaFieldErrors(checked.error, { reason: REASON_RULE })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      return { input: checked.data }
    },
    send: (input) => orderHelpAnswers(category.id, input),
    messages: HELP_ERRORS,
    onError: (problem) => {
      // Someone added or removed a question meanwhile: the list as it is now, to order again.
      if (problem.code !== 'ORDER_STALE') return false
      void queryClient.invalidateQueries({ queryKey: helpQueryKey })
      onStale(problem.message)
      return true
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<AdminHelp>(
        helpQueryKey,
        (help) =>
          help && {
            ...help,
            categories: help.categories.map((each) => (each.id === saved.id ? saved : each)),
          },
      )
      void queryClient.invalidateQueries({ queryKey: CONTENT_QUERY_KEY })
      onSaved()
    },
  })

  function move(index: number, by: -1 | 1) {
    const next = [...order]
    const [moved] = next.splice(index, 1)
    if (moved === undefined) return
    next.splice(index + by, 0, moved)
    setOrder(next)
  }

  return (
    <div className="help-order">
      <p className="note">{t('adminContent.help.order.lead')}</p>
      <ol className="help-answers">
        {order.map((id, index) => {
          const answer = byId.get(id)
          if (!answer) return null
          return (
            <li key={id} className="help-answers__item help-answers__item--moving">
              <span className="help-answers__place">{index + 1}</span>
              <AnswerSummary answer={answer} />
              <span className="help-answers__moves">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={index === 0}
                  aria-label={t('adminContent.help.order.upNamed', { question: answer.question })}
                  onClick={() => move(index, -1)}
                >
                  {t('adminContent.help.order.up')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={index === order.length - 1}
                  aria-label={t('adminContent.help.order.downNamed', { question: answer.question })}
                  onClick={() => move(index, 1)}
                >
                  {t('adminContent.help.order.down')}
                </button>
              </span>
            </li>
          )
        })}
      </ol>
      <Form form={form} className="stack content-form">
        <ReasonField {...form.field('reason')} />
        <FormProblemNotice problem={form.problem} />
        <div className="content-form__actions">
          <SubmitButton
            pending={form.pending}
            disabled={unchanged}
            className="button"
            pendingLabel={t('adminContent.form.saving')}
          >
            {t('adminContent.help.order.save')}
          </SubmitButton>
          <button type="button" className="link-button" onClick={onDone}>
            {t('adminContent.form.cancel')}
          </button>
        </div>
      </Form>
    </div>
  )
}
