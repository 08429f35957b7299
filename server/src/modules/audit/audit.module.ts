import type { AppModule } from '../module'
import { createAuditRepository } from './audit.repository'
import { registerAuditRoutes } from './audit.routes'
import { AUDIT_RETENTION_JOB, type AuditService, createAuditService } from './audit.service'

declare module '../module' {
  interface Services {
    /** The audit log: the console reads it; every event of an operator or the system is written to it. */
    audit: AuditService
  }
}

/**
 * The audit log (decision 0069): one subscriber to every event, writing in the change's own
 * transaction, and the hourly removal of entries older than two years.
 */
export const auditModule: AppModule = {
  name: 'audit',
  register({ app, db, events, clock }) {
    const audit = createAuditService({ repo: createAuditRepository(db) })
    events.onEvery('audit', audit.recordEvent)
    registerAuditRoutes(app, { audit })
    return {
      provides: { audit },
      housekeeping: [{ name: AUDIT_RETENTION_JOB, run: () => audit.removeExpired(clock.now()) }],
    }
  },
}
