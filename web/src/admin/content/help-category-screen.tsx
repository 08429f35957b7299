import {
  type AdminHelpCategory,
  type HelpCategoryChange,
  helpCategoryChangeSchema,
} from '@puribox/contract/admin-help'
import { HELP_LIMITS } from '@puribox/contract/help'
import { useState } from 'react'
import { Form } from '../../components/form/form'
import { TextAreaField } from '../../components/form/text-area-field'
import { TextField } from '../../components/form/text-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { useContent } from './content-context'
import {
  ContentFormEnd,
  changedFrom,
  type FieldRule,
  REASON_RULE,
  ReasonField,
  readReason,
  schemaFieldErrors,
} from './content-form'
import { LoadedOr } from './content-loaded'
import { ContentPage, NotAllowed } from './content-page'
import { helpAccessOf } from './help-access'
import { TO_HELP } from './help-answer-screen'
import { changeHelpCategory, useHelp } from './help-api'
import { HELP_ERRORS } from './help-messages'
import { HELP_PATH } from './help-paths'
import { t } from './i18n'

type CategoryField = 'title' | 'lead' | 'reason'

const RULES: Record<CategoryField, FieldRule> = {
  title: { label: t('adminContent.help.category.title') },
  lead: { label: t('adminContent.help.category.lead') },
  reason: REASON_RULE,
}

/** `/admin/help/categories/:categoryId/edit`: changes a category's title or lead, then shows the help. */
export function HelpCategoryEditScreen({ categoryId }: { categoryId: string }) {
  const { operator } = useContent()
  const help = useHelp()
  return (
    <ContentPage title={t('adminContent.help.category.changeTitle')} trail={[TO_HELP]}>
      {!helpAccessOf(operator.role).changeCategory ? (
        <NotAllowed />
      ) : (
        <LoadedOr query={help} failure={t('adminContent.help.loadFailed')}>
          {(loaded) => {
            const category = loaded.categories.find((candidate) => candidate.id === categoryId)
            if (!category)
              return (
                <p className="notice notice--warning" role="alert">
                  {t('adminContent.help.errors.HELP_CATEGORY_NOT_FOUND')}
                </p>
              )
            return (
              <section className="card console-card">
                <CategoryForm category={category} />
              </section>
            )
          }}
        </LoadedOr>
      )}
    </ContentPage>
  )
}

function CategoryForm({ category }: { category: AdminHelpCategory }) {
  const { changed } = useContent()
  const [nothingChanged, setNothingChanged] = useState(false)
  const form = useContractForm<CategoryField, HelpCategoryChange | null, AdminHelpCategory | null>({
    fields: ['title', 'lead', 'reason'],
    request: (values) => {
      setNothingChanged(false)
      const typed = { title: values.text('title').trim(), lead: values.text('lead').trim() }
      const reason = readReason(values)
      const checked = helpCategoryChangeSchema
        .required({ title: true, lead: true })
        .safeParse({ ...typed, reason })
      const wrong = schemaFieldErrors(checked.error, RULES, { typed })
      if (Object.keys(wrong).length > 0 || !checked.success) return { errors: wrong }
      const change = changedFrom({ title: category.title, lead: category.lead }, typed)
      return { input: Object.keys(change).length === 0 ? null : { ...change, reason } }
    },
    send: async (input) => (input ? changeHelpCategory(category.id, input) : null),
    messages: HELP_ERRORS,
    onSuccess: (saved) =>
      saved
        ? changed(HELP_PATH, t('adminContent.help.category.saved', { category: saved.title }))
        : setNothingChanged(true),
  })
  return (
    <Form form={form} className="stack content-form">
      <p className="content-sub">
        {t('adminContent.help.categoryId')} <code className="content-code">{category.id}</code>
      </p>
      <TextField
        {...form.field('title')}
        label={t('adminContent.help.category.title')}
        hint={t('adminContent.form.maxLength', { max: HELP_LIMITS.titleMax })}
        defaultValue={category.title}
        autoComplete="off"
      />
      <TextAreaField
        {...form.field('lead')}
        label={t('adminContent.help.category.lead')}
        hint={t('adminContent.help.category.leadHint', { max: HELP_LIMITS.textMax })}
        defaultValue={category.lead}
        rows={3}
      />
      <ReasonField {...form.field('reason')} />
      <ContentFormEnd
        form={form}
        submit={t('adminContent.form.save')}
        pendingLabel={t('adminContent.form.saving')}
        nothingChanged={nothingChanged}
        cancelPath={HELP_PATH}
      />
    </Form>
  )
}
