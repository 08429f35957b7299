import { describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { systemActor } from './actor'
import { createEventBus, type EventEnvelope } from './events'

declare module './events' {
  interface DomainEvents {
    'test.thing-changed': { thingId: string }
    'test.other-thing': { count: number }
  }
}

const tx = {} as Database
const at = new Date('2026-04-01T00:00:00Z')
const input = { actor: systemActor('test'), at, target: { kind: 'thing', id: 't1' } }

describe('the event bus', () => {
  it("runs a name's subscribers in the order they subscribed, then every-event subscribers", async () => {
    const bus = createEventBus()
    const ran: string[] = []
    bus.onEvery('audit', async (_tx, event) => {
      ran.push(`audit:${event.name}`)
    })
    bus.on('test.thing-changed', 'a', async (_tx, event) => {
      ran.push(`a:${event.payload.thingId}`)
    })
    bus.on('test.thing-changed', 'b', async () => {
      ran.push('b')
    })
    bus.on('test.other-thing', 'c', async () => {
      ran.push('c')
    })
    await bus.emit(tx, 'test.thing-changed', { ...input, payload: { thingId: 't1' } })
    expect(ran).toEqual(['a:t1', 'b', 'audit:test.thing-changed'])
    expect(bus.subscribersOf('test.thing-changed')).toEqual(['a', 'b', 'audit'])
  })

  it('hands every subscriber the transaction and the whole envelope, absent parts as null', async () => {
    const bus = createEventBus()
    const seen: Array<{ tx: Database; event: EventEnvelope }> = []
    bus.onEvery('audit', async (given, event) => {
      seen.push({ tx: given, event })
    })
    await bus.emit(tx, 'test.other-thing', { ...input, after: { count: 2 }, payload: { count: 2 } })
    expect(seen).toEqual([
      {
        tx,
        event: {
          name: 'test.other-thing',
          actor: { kind: 'system', job: 'test' },
          at,
          target: { kind: 'thing', id: 't1' },
          reason: null,
          before: null,
          after: { count: 2 },
          payload: { count: 2 },
        },
      },
    ])
  })

  it("stops at a subscriber that throws, so the emitter's transaction is rolled back", async () => {
    const bus = createEventBus()
    const ran: string[] = []
    bus.on('test.thing-changed', 'a', async () => {
      throw new Error('refused')
    })
    bus.onEvery('audit', async () => {
      ran.push('audit')
    })
    await expect(
      bus.emit(tx, 'test.thing-changed', { ...input, payload: { thingId: 't1' } }),
    ).rejects.toThrow('refused')
    expect(ran).toEqual([])
  })
})
