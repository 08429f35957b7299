import type { AdminApplication } from '@puribox/contract/admin-applications'
import type { CertificateSlot } from '@puribox/contract/jhs-free'
import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { LoadingState } from '../../components/loading-state'
import { errorMessage } from '../../lib/error-message'
import { fileSize } from './application-format'
import { APPLICATION_ERRORS } from './application-messages'
import { readCertificate } from './applications-api'
import { useApplications } from './applications-context'
import { t } from './i18n'

type Certificate = AdminApplication['certificates'][number]

/** A saved picture's file name ends as its type says. */
const EXTENSIONS: Readonly<Record<Certificate['contentType'], string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
}

/**
 * The application's four pictures, for the roles the certificate route admits; the others are told
 * who sees them. None is fetched until the operator asks for it: each opening is recorded in the
 * audit log (who, when, which picture), and a pupil's documents are looked at only when needed.
 */
export function Certificates({ application }: { application: AdminApplication }) {
  const { access } = useApplications()
  return (
    <section className="card console-card application-certificates" aria-labelledby="certificates-title">
      <h2 id="certificates-title" className="card__title">
        {t('adminApplications.certificates.title')}
      </h2>
      {!access.certificates ? (
        <p className="note">{t('adminApplications.certificates.notAllowed')}</p>
      ) : application.certificatesDeleted ? (
        <p className="note">{t('adminApplications.certificates.deleted')}</p>
      ) : application.certificates.length === 0 ? (
        <p className="note">{t('adminApplications.certificates.none')}</p>
      ) : (
        <>
          <p className="notice notice--warning">{t('adminApplications.certificates.audited')}</p>
          <ul className="application-certificates__list">
            {application.certificates.map((certificate) => (
              <li key={certificate.slot}>
                <CertificateItem
                  applicationId={application.id}
                  certificate={certificate}
                  kindDocument={application.kindDocument}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function slotName(slot: CertificateSlot, kindDocument: AdminApplication['kindDocument']): string {
  const name = t(`adminApplications.certificates.slots.${slot}`)
  if (slot !== 'kind') return name
  return t('adminApplications.certificates.kindSlot', {
    name,
    kind: t(`adminApplications.kindDocuments.${kindDocument}`),
  })
}

function CertificateItem({
  applicationId,
  certificate,
  kindDocument,
}: {
  applicationId: string
  certificate: Certificate
  kindDocument: AdminApplication['kindDocument']
}) {
  // Fetched by the operator's tap and by nothing else (a render, a remount, a retry): each request is
  // a viewing in the audit log. The picture lives in this card while it is shown, in no cache.
  const load = useMutation({
    mutationFn: () => readCertificate(applicationId, certificate.slot),
    gcTime: 0,
  })
  const name = slotName(certificate.slot, kindDocument)
  const meta = t('adminApplications.certificates.meta', {
    format: t(`adminApplications.certificates.formats.${certificate.contentType}`),
    size: fileSize(certificate.byteSize),
  })
  const close = (
    <button type="button" className="text-link link-button" onClick={() => load.reset()}>
      {t('adminApplications.certificates.close')}
    </button>
  )
  return (
    <article className="application-certificate" aria-label={name}>
      <div className="application-certificate__head">
        <h3 className="application-certificate__name">{name}</h3>
        <p className="application-certificate__meta">{meta}</p>
      </div>
      {load.isIdle ? (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t('adminApplications.certificates.showNamed', { slot: name })}
          onClick={() => load.mutate()}
        >
          {t('adminApplications.certificates.show')}
        </button>
      ) : load.isPending ? (
        <LoadingState />
      ) : load.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{t('adminApplications.certificates.failed')}</p>
          <p>{errorMessage(load.error, APPLICATION_ERRORS)}</p>
          {close}
        </div>
      ) : (
        <CertificatePicture
          applicationId={applicationId}
          certificate={certificate}
          name={name}
          blob={load.data}
          close={close}
        />
      )}
    </article>
  )
}

/**
 * One picture as it came. HEIC shows where the browser reads it (Safari); elsewhere it is saved and
 * opened. Its object URL is let go when the picture is closed.
 */
function CertificatePicture({
  applicationId,
  certificate,
  name,
  blob,
  close,
}: {
  applicationId: string
  certificate: Certificate
  name: string
  blob: Blob
  close: ReactNode
}) {
  const url = useObjectUrl(blob)
  // The browser could not draw it (HEIC outside Safari): it is saved and opened instead.
  const [unshown, setUnshown] = useState(false)
  if (!url) return null
  return (
    <div className="application-certificate__picture">
      {certificate.contentType === 'image/heic' && (
        <p className="note">{t('adminApplications.certificates.heic')}</p>
      )}
      {unshown ? (
        <p className="notice notice--warning">{t('adminApplications.certificates.unshown')}</p>
      ) : (
        <img
          src={url}
          alt={t('adminApplications.certificates.alt', { slot: name })}
          className="application-certificate__image"
          onError={() => setUnshown(true)}
        />
      )}
      <div className="application-certificate__actions">
        <a href={url} target="_blank" rel="noreferrer" className="text-link">
          {t('adminApplications.certificates.openTab')}
        </a>
        <a
          href={url}
          download={`${applicationId}-${certificate.slot}.${EXTENSIONS[certificate.contentType]}`}
          className="text-link"
        >
          {t('adminApplications.certificates.save')}
        </a>
        {close}
      </div>
    </div>
  )
}

/** An object URL of the blob while it is shown, let go when it changes or the picture closes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) return
    const made = URL.createObjectURL(blob)
    setUrl(made)
    return () => {
      URL.revokeObjectURL(made)
      setUrl(null)
    }
  }, [blob])
  return url
}
