import { systemActor } from '../modules/actor'
import type { EventEnvelope } from '../modules/events'

/**
 * An `account.deleted` event as the account deletion tells it, for a test that runs one module's
 * part of it directly: the files that part drops go to `dropFiles` (none kept unless given).
 */
export function accountDeletedEvent(
  accountId: string,
  at: Date,
  options: { mailAddress?: string | null; dropFiles?: (storageKeys: readonly string[]) => void } = {},
): EventEnvelope<'account.deleted'> {
  return {
    name: 'account.deleted',
    actor: systemActor('test'),
    at,
    target: { kind: 'account', id: accountId },
    reason: null,
    before: null,
    after: null,
    payload: {
      accountId,
      mailAddress: options.mailAddress ?? null,
      dropFiles: options.dropFiles ?? (() => {}),
    },
  }
}
