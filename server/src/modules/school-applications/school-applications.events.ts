import type { JhsRejectReason } from '@puribox/contract/admin-applications'
import type { CertificateSlot } from '@puribox/contract/jhs-free'

/**
 * The events the school-applications module emits (decision 0073), each in the transaction of its
 * change, with the target `{ kind: 'school-application', id }`. A review's `before` and `after` hold
 * the state (and the premium's end, or the reason code); its envelope's `reason` is the operator's
 * note, which is never mailed. Opening a certificate picture changes nothing, yet is an event: the
 * audit log must say who looked at a pupil's identity documents.
 */
declare module '../events' {
  interface DomainEvents {
    /** Approved: the account has the junior-high premium until `premiumUntil` (granted in the same transaction). */
    'school-application.approved': { applicationId: string; accountId: string; premiumUntil: Date }
    /** Rejected for a reason of the fixed list; the applicant may apply again. */
    'school-application.rejected': { applicationId: string; accountId: string; reason: JhsRejectReason }
    /** An operator opened one of the application's certificate pictures. */
    'school-application.certificate-viewed': { applicationId: string; slot: CertificateSlot }
  }
}
