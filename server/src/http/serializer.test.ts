import { wrapped } from '@puribox/contract/wrapper'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { EncodedEntity, serializerCompiler } from './serializer'

const entitySchema = z.object({ id: z.string(), count: z.number().int() })
const responseSchema = wrapped(entitySchema)
const serialize = serializerCompiler({ schema: responseSchema, method: 'GET', url: '/x', httpStatus: '200' })

describe('serializerCompiler', () => {
  it('writes an encoded entity as the same JSON the zod serializer makes', () => {
    const value = { id: 'a"b', count: 3 }
    const fast = serialize({ entity: EncodedEntity.of(entitySchema, value), error: null, clock: null })
    const slow = serialize({ entity: value, error: null, clock: null })
    expect(fast).toBe(slow)
    expect(JSON.parse(fast as string)).toEqual({ entity: value, error: null, clock: null })
  })

  it('carries the clock of the request while time travel is on', () => {
    const clock = { date: '2026-12-24T10:00:00' }
    const json = serialize({
      entity: EncodedEntity.of(entitySchema, { id: 'x', count: 1 }),
      error: null,
      clock,
    })
    expect(JSON.parse(json as string).clock).toEqual(clock)
  })

  it('refuses, when encoding, a value that does not fit the schema', () => {
    expect(() => EncodedEntity.of(entitySchema, { id: 'x', count: 1.5 })).toThrow()
  })

  it('strips fields the schema does not name, as the zod serializer does', () => {
    const leaky = { id: 'x', count: 1, passwordHash: 'secret' }
    const encoded = EncodedEntity.of(entitySchema, leaky)
    expect(encoded.json).not.toContain('secret')
    expect(serialize({ entity: leaky, error: null, clock: null })).not.toContain('secret')
  })

  it('still validates plain answers', () => {
    expect(() => serialize({ entity: { id: 1 }, error: null, clock: null })).toThrow()
  })
})
