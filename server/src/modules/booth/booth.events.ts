import type { Actor } from '../actor'

/**
 * The events the booth module emits when an operator changes a machine model, a shop, a machine or
 * a machine key, each in the transaction of the change. Their `before` and `after` hold the changed
 * fields only; a key's events name the key by its console id, never the key nor its hash.
 */
declare module '../events' {
  interface DomainEvents {
    'booth.machine-model-created': { modelId: string }
    'booth.machine-model-changed': { modelId: string }
    'booth.shop-created': { shopId: string }
    'booth.shop-changed': { shopId: string }
    /** A shops file was imported: its shops' own events come first, in the same transaction. */
    'booth.shops-imported': { rows: number; created: number; changed: number; unchanged: number }
    'booth.machine-created': { machineId: string; shopId: string }
    'booth.machine-changed': { machineId: string }
    'booth.machine-key-issued': { machineId: string; keyId: string }
    'booth.machine-key-revoked': { machineId: string; keyId: string }
  }
}

/** What a change's events carry besides their own fields: who asked, when, and why. */
export interface ChangeContext {
  actor: Actor
  at: Date
  reason?: string | null
}
