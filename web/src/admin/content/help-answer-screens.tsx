import { useSearch } from 'wouter'
import { FormCard } from '../kit/form-card'
import { useContent } from './content-context'
import { LoadedOr } from './content-loaded'
import { ContentPage, NotAllowed } from './content-page'
import { helpAccessOf } from './help-access'
import { HelpAnswerForm } from './help-answer-form'
import { TO_HELP } from './help-answer-screen'
import { findAnswer, useHelp } from './help-api'
import { HELP_PATH, helpAnswerPath } from './help-paths'
import { t } from './i18n'
import './help-area.css'

/**
 * `/admin/help/answers/new`: adds a question at the end of a category, then shows it. The address
 * may name the category (`category`) and, to bring a removed answer back, its id (`id`).
 */
export function NewHelpAnswerScreen() {
  const { operator, changed } = useContent()
  const help = useHelp()
  const search = new URLSearchParams(useSearch())
  const id = search.get('id') ?? undefined
  return (
    <ContentPage
      title={t('adminContent.help.form.createTitle')}
      lead={t('adminContent.help.form.createLead')}
      trail={[TO_HELP]}
    >
      {helpAccessOf(operator.role).create ? (
        <LoadedOr query={help} failure={t('adminContent.help.loadFailed')}>
          {(loaded) => (
            <FormCard>
              <HelpAnswerForm
                help={loaded}
                start={{
                  categoryId: search.get('category') ?? undefined,
                  id,
                  question: loaded.removed.find((removed) => removed.id === id)?.question,
                }}
                cancelPath={HELP_PATH}
                onSaved={(answer) => changed(helpAnswerPath(answer.id), t('adminContent.help.form.created'))}
              />
            </FormCard>
          )}
        </LoadedOr>
      ) : (
        <NotAllowed />
      )}
    </ContentPage>
  )
}

/** `/admin/help/answers/:answerId/edit`: changes a question and its answer, then shows it. */
export function HelpAnswerEditScreen({ answerId }: { answerId: string }) {
  const { operator, changed } = useContent()
  const help = useHelp()
  const found = help.data ? findAnswer(help.data, answerId) : null
  return (
    <ContentPage
      title={t('adminContent.help.form.changeTitle')}
      trail={[TO_HELP, ...(found ? [{ href: helpAnswerPath(answerId), label: found.answer.question }] : [])]}
    >
      {!helpAccessOf(operator.role).change ? (
        <NotAllowed />
      ) : (
        <LoadedOr query={help} failure={t('adminContent.help.loadFailed')}>
          {(loaded) => {
            const here = findAnswer(loaded, answerId)
            if (!here)
              return (
                <p className="notice notice--warning" role="alert">
                  {t('adminContent.help.answer.notFound')}
                </p>
              )
            return (
              <FormCard warning={t('adminContent.help.form.liveWarning')}>
                <HelpAnswerForm
                  help={loaded}
                  answer={here.answer}
                  cancelPath={helpAnswerPath(answerId)}
                  onSaved={() => changed(helpAnswerPath(answerId), t('adminContent.form.saved'))}
                />
              </FormCard>
            )
          }}
        </LoadedOr>
      )}
    </ContentPage>
  )
}
