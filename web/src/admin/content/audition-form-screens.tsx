import { FormCard } from '../kit/form-card'
import { auditionAccessOf } from './audition-access'
import { AuditionForm } from './audition-form'
import { t } from './audition-i18n'
import { AuditionLoadedOr, AuditionsNotAllowed, TO_AUDITIONS, useAudition } from './audition-page-parts'
import { AUDITIONS_PATH, auditionPath } from './audition-paths'
import { useContent } from './content-context'
import { ContentPage } from './content-page'

/** `/admin/auditions/new`: writes an audition, then shows it. */
export function NewAuditionScreen() {
  const { operator, changed } = useContent()
  return (
    <ContentPage
      title={t('adminAuditions.form.createTitle')}
      lead={t('adminAuditions.form.createLead')}
      trail={[TO_AUDITIONS]}
    >
      {auditionAccessOf(operator.role).create ? (
        <FormCard>
          <AuditionForm
            cancelPath={AUDITIONS_PATH}
            onSaved={(audition) => changed(auditionPath(audition.id), t('adminAuditions.form.created'))}
          />
        </FormCard>
      ) : (
        <AuditionsNotAllowed message={t('adminAuditions.notAllowed')} />
      )}
    </ContentPage>
  )
}

/** `/admin/auditions/:auditionId/edit`: changes an audition not closed, then shows it. */
export function AuditionEditScreen({ auditionId }: { auditionId: string }) {
  const { operator, changed } = useContent()
  const audition = useAudition(auditionId)
  return (
    <ContentPage
      title={t('adminAuditions.form.changeTitle')}
      trail={[
        TO_AUDITIONS,
        ...(audition.data ? [{ href: auditionPath(auditionId), label: audition.data.title }] : []),
      ]}
    >
      {!auditionAccessOf(operator.role).change ? (
        <AuditionsNotAllowed message={t('adminAuditions.notAllowed')} />
      ) : (
        <AuditionLoadedOr query={audition} failure={t('adminAuditions.audition.loadFailed')}>
          {(loaded) =>
            loaded.state === 'closed' ? (
              <AuditionsNotAllowed message={t('adminAuditions.form.closed')} />
            ) : (
              <FormCard warning={loaded.state === 'open' && t('adminAuditions.form.liveWarning')}>
                <AuditionForm
                  audition={loaded}
                  cancelPath={auditionPath(auditionId)}
                  onSaved={() => changed(auditionPath(auditionId), t('adminContent.form.saved'))}
                />
              </FormCard>
            )
          }
        </AuditionLoadedOr>
      )}
    </ContentPage>
  )
}
