import {
  type AdminAuditionDetail,
  type AuditionClose,
  auditionCloseSchema,
} from '@puribox/contract/admin-auditions'
import { useState } from 'react'
import { Link } from 'wouter'
import { ReasonDialog } from './action-dialogs'
import { auditionAccessOf } from './audition-access'
import { closeAudition } from './audition-api'
import { AUDITION_ERRORS, t } from './audition-i18n'
import { AuditionsReadOnly } from './audition-page-parts'
import { auditionEditPath, auditionPath } from './audition-paths'
import { useContent } from './content-context'

/**
 * What may be done with an audition now, by its state and the operator's role: change it and close
 * it until it is closed; a closed audition stays as it closed. Closing is confirmed in a dialog that
 * says what it does to members, with its reason.
 */
export function AuditionActions({ audition }: { audition: AdminAuditionDetail }) {
  const { operator } = useContent()
  const access = auditionAccessOf(operator.role)
  const [closing, setClosing] = useState(false)
  const live = audition.state !== 'closed'
  if (!live) return null
  if (!access.change && !access.close) return <AuditionsReadOnly />
  return (
    <>
      {access.change && (
        <Link href={auditionEditPath(audition.id)} className="button button--secondary button--small">
          {t('adminAuditions.audition.edit')}
        </Link>
      )}
      {access.close && (
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setClosing(true)}
        >
          {t('adminAuditions.audition.close')}
        </button>
      )}
      {closing && <CloseDialog audition={audition} onClose={() => setClosing(false)} />}
    </>
  )
}

/** Closing now: what it does to members (and to one still to come), confirmed, with its reason. */
function CloseDialog({ audition, onClose }: { audition: AdminAuditionDetail; onClose: () => void }) {
  const { changed } = useContent()
  return (
    <ReasonDialog
      texts={{
        title: t('adminAuditions.close.title'),
        body:
          audition.state === 'upcoming'
            ? t('adminAuditions.close.bodyUpcoming', { title: audition.title })
            : t('adminAuditions.close.body', { title: audition.title }),
        submit: t('adminAuditions.close.submit'),
        sending: t('adminAuditions.close.sending'),
      }}
      schema={auditionCloseSchema}
      send={(input: AuditionClose) => closeAudition(audition.id, input)}
      messages={AUDITION_ERRORS}
      danger
      onClose={onClose}
      onDone={() => changed(auditionPath(audition.id), t('adminAuditions.close.done'))}
    />
  )
}
