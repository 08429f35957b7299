import { api } from '@puribox/contract/routes'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { UnsupportedSchemaError, validInput, walkedInput } from './zod-arbitrary'

/** Every value the raw walk makes passes the schema, and the walk says it needs no filter. */
function expectExact(schema: z.ZodType) {
  const { arbitrary, exact } = walkedInput(schema)
  expect(exact).toBe(true)
  fc.assert(
    fc.property(arbitrary, (value) => {
      const result = schema.safeParse(value)
      if (!result.success) throw new Error(`${JSON.stringify(value)}: ${result.error.message}`)
    }),
    { numRuns: 200 },
  )
}

describe('validInput: valid input for zod 4 schemas', () => {
  it('strings keep their length limits in UTF-16 units, lone surrogates and all', () => {
    expectExact(z.string())
    expectExact(z.string().max(3))
    expectExact(z.string().min(2).max(4))
    expectExact(z.string().length(6))
    expectExact(z.string().trim().max(10))
    const lengths = fc.sample(validInput(z.string().max(3)), { numRuns: 300, seed: 1 }).map((s) => s.length)
    expect(Math.max(...lengths)).toBe(3)
    expect(Math.min(...lengths)).toBe(0)
  })

  it('string formats and patterns match, with length limits checked by the schema', () => {
    expectExact(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{10}$/))
    expectExact(z.iso.datetime({ offset: true }))
    expectExact(z.uuid())
    expectExact(z.email())
    const bounded = z.string().regex(/^a+$/).max(4)
    expect(walkedInput(bounded).exact).toBe(false)
    for (const value of fc.sample(validInput(bounded), { numRuns: 50, seed: 2 })) {
      expect(bounded.safeParse(value).success).toBe(true)
    }
  })

  it('numbers: integers and ranges, inclusive and exclusive; coercion takes the number itself', () => {
    expectExact(z.number())
    expectExact(z.number().int())
    expectExact(z.number().int().min(1).max(99))
    expectExact(z.number().gt(0).lt(1))
    expectExact(z.number().int().gt(3).lt(6))
    expectExact(z.coerce.number().int().min(1).max(99))
    const values = fc.sample(validInput(z.number().int().gt(3).lt(6)), { numRuns: 100, seed: 3 })
    expect(new Set(values)).toEqual(new Set([4, 5]))
  })

  it('objects leave out only what may be left out; wrappers, enums, literals, unions, arrays, records', () => {
    const schema = z.object({
      required: z.string().max(5),
      optional: z.string().optional(),
      defaulted: z.boolean().default(false),
      nullable: z.number().int().nullable(),
      kind: z.enum(['a', 'b']),
      literal: z.literal(['x', 1]),
      either: z.union([z.string().max(2), z.number().int()]),
      list: z.array(z.boolean()).min(1).max(3),
      pair: z.tuple([z.string(), z.null()]),
      byKind: z.record(z.enum(['p', 'q']), z.number().int()),
      byName: z.record(z.string(), z.boolean()),
      readonly: z.object({ inner: z.string() }).readonly(),
      anything: z.unknown(),
    })
    expectExact(schema)
    const samples = fc.sample(validInput(schema), { numRuns: 200, seed: 4 })
    expect(samples.every((value) => 'required' in value)).toBe(true)
    expect(samples.some((value) => !('optional' in value))).toBe(true)
    expect(samples.some((value) => !('defaulted' in value))).toBe(true)
  })

  it('filters through the schema where the walk cannot see a rule (refine, pipe)', () => {
    const unique = z
      .array(z.number().int().min(1).max(3))
      .refine((list) => new Set(list).size === list.length)
    expect(walkedInput(unique).exact).toBe(false)
    for (const value of fc.sample(validInput(unique), { numRuns: 100, seed: 5 })) {
      expect(new Set(value).size).toBe(value.length)
    }
    const piped = z.string().max(4).pipe(z.string().min(2))
    for (const value of fc.sample(validInput(piped), { numRuns: 50, seed: 6 })) {
      expect(value.length).toBeGreaterThanOrEqual(2)
    }
  })

  it('names the kind and the place it does not support', () => {
    expect(() => validInput(z.object({ when: z.date() }))).toThrow(UnsupportedSchemaError)
    expect(() => validInput(z.object({ when: z.date() }))).toThrow('$.when: zod kind "date"')
    expect(() => validInput(z.custom<string>(() => true))).toThrow(UnsupportedSchemaError)
    expect(() => validInput(z.intersection(z.object({}), z.object({})))).toThrow(UnsupportedSchemaError)
  })

  // New routes join here: a schema the walker cannot generate fails now, not in the fuzzer.
  it('generates valid params, query and body for every route of the contract', () => {
    for (const [name, route] of Object.entries(api)) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = (route as { [key in typeof part]?: z.ZodType })[part]
        if (!schema) continue
        for (const value of fc.sample(validInput(schema, `${name}.${part}`), { numRuns: 30, seed: 7 })) {
          expect(schema.safeParse(value).success, `${name}.${part}: ${JSON.stringify(value)}`).toBe(true)
        }
      }
    }
  })
})
