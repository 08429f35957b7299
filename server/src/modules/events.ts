import type { Database } from '../db/client'
import type { Actor } from './actor'

/**
 * Typed events: how a module tells the others that it changed something, inside the transaction
 * that made the change. A subscriber runs in that same transaction, so its consequence commits with
 * the change or not at all, and a subscriber that throws undoes the change. The emitting module
 * knows nothing of who listens; a module that must react to another's change subscribes here
 * instead of writing the other's tables or calling into its repository.
 *
 * Each module declares the events it emits in its own files, by merging into `DomainEvents`:
 *
 *     declare module '../events' {
 *       interface DomainEvents { 'news.published': { newsId: string } }
 *     }
 *
 * so nothing here names a module, and emitting or subscribing to an undeclared event does not
 * compile.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each module's declaration merging.
export interface DomainEvents {}

export type EventName = keyof DomainEvents

/** Someone not signed in, known only by the address they called from (a failed sign-in). */
export interface AnonymousActor {
  kind: 'anonymous'
  ip: string
}

/** What a change is about: `{ kind: 'account', id: '…' }`. */
export interface EventTarget {
  kind: string
  id: string
}

/** What every event carries besides its own fields: who, when, what, why, and the change itself. */
export interface EventEnvelope<K extends EventName = EventName> {
  name: K
  actor: Actor | AnonymousActor
  at: Date
  target: EventTarget
  /** Why, in the operator's words, when an operator gave a reason; null otherwise. */
  reason: string | null
  /** The changed fields as they were (null when the thing is new). */
  before: Record<string, unknown> | null
  /** The changed fields as they are now (null when the thing is gone). */
  after: Record<string, unknown> | null
  payload: DomainEvents[K]
}

/** What the emitter says: the envelope without its name and payload, reason and states optional. */
export interface EmitInput<K extends EventName> {
  actor: Actor | AnonymousActor
  at: Date
  target: EventTarget
  reason?: string | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  payload: DomainEvents[K]
}

export type Subscriber<K extends EventName> = (tx: Database, event: EventEnvelope<K>) => Promise<void>
export type EverySubscriber = (tx: Database, event: EventEnvelope) => Promise<void>

export interface EventBus {
  /** Runs `subscriber` for every `name` event, in the emitter's transaction. */
  on<K extends EventName>(name: K, module: string, subscriber: Subscriber<K>): void
  /** Runs `subscriber` for every event of every name (the audit log). */
  onEvery(module: string, subscriber: EverySubscriber): void
  /**
   * Tells every subscriber, one after another in the order they subscribed (they share the
   * transaction's one connection). Call it inside the transaction that made the change.
   */
  emit<K extends EventName>(tx: Database, name: K, input: EmitInput<K>): Promise<void>
  /** Which modules listen to `name`, in order (for tests and for the start-up check). */
  subscribersOf(name: EventName): string[]
}

export function createEventBus(): EventBus {
  const byName = new Map<EventName, Array<{ module: string; run: Subscriber<EventName> }>>()
  const every: Array<{ module: string; run: EverySubscriber }> = []
  return {
    on(name, module, subscriber) {
      const list = byName.get(name) ?? []
      list.push({ module, run: subscriber as unknown as Subscriber<EventName> })
      byName.set(name, list)
    },
    onEvery(module, subscriber) {
      every.push({ module, run: subscriber })
    },
    async emit(tx, name, input) {
      const event: EventEnvelope<typeof name> = {
        name,
        actor: input.actor,
        at: input.at,
        target: input.target,
        reason: input.reason ?? null,
        before: input.before ?? null,
        after: input.after ?? null,
        payload: input.payload,
      }
      for (const subscriber of byName.get(name) ?? []) {
        await subscriber.run(tx, event as unknown as EventEnvelope<EventName>)
      }
      for (const subscriber of every) await subscriber.run(tx, event as unknown as EventEnvelope)
    },
    subscribersOf(name) {
      return [...(byName.get(name) ?? []).map((s) => s.module), ...every.map((s) => s.module)]
    },
  }
}
