import fc from 'fast-check'
import type { z } from 'zod'

/**
 * fast-check arbitraries of valid INPUT for a zod 4 schema: what a client may send so that the
 * schema accepts it (before transforms and defaults). Used to drive every route of the contract
 * (the role walk and the fuzzer) without a hand-written example per route.
 *
 * No maintained zod 4 → fast-check library exists yet (decision 0010), so this walks the schema's
 * definition (`schema._zod.def`) for the kinds the contract uses. A kind it does not know throws
 * `UnsupportedSchemaError` naming where: extend `walk` (and its test) rather than work around it.
 */
export class UnsupportedSchemaError extends Error {}

interface CheckDef {
  check: string
  format?: string
  pattern?: RegExp
  minimum?: number
  maximum?: number
  length?: number
  value?: number | bigint
  inclusive?: boolean
}

interface SchemaDef {
  type: string
  checks?: Array<{ _zod: { def: CheckDef } }>
  [key: string]: unknown
}

type Schema = z.core.$ZodType

/** Whether the walk met something it cannot express (a refinement, a pipe's output): the result is then filtered. */
interface WalkState {
  inexact: boolean
  depth: number
}

/** Longest array, record or unbounded string the walk makes: inputs stay small and requests quick. */
const MAX_ITEMS = 5
const MAX_STRING = 40

function defOf(schema: Schema): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def
}

function checksOf(schema: Schema): CheckDef[] {
  return (defOf(schema).checks ?? []).map((check) => check._zod.def)
}

/** One UTF-16 unit per string unit, so `maxLength` is zod's `.max()`; mostly ASCII, some of anything (lone surrogates too). */
const stringUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0x3040, max: 0x30ff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
)

function lengthBounds(checks: CheckDef[]): { min: number; max: number | undefined } {
  let min = 0
  let max: number | undefined
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0)
    if (check.check === 'max_length') max = Math.min(max ?? Number.POSITIVE_INFINITY, check.maximum ?? 0)
    if (check.check === 'length_equals') {
      min = check.length ?? 0
      max = check.length
    }
  }
  return { min, max }
}

function stringArbitrary(schema: Schema, state: WalkState, where: string): fc.Arbitrary<string> {
  const def = defOf(schema)
  // A format schema (z.email(), z.iso.datetime(), …) is its own check; refinements add more.
  const checks = [...(def.check ? [def as unknown as CheckDef] : []), ...checksOf(schema)]
  const { min, max } = lengthBounds(checks)
  const patterns: RegExp[] = []
  for (const check of checks) {
    if (check.check === 'string_format') {
      if (!check.pattern)
        throw new UnsupportedSchemaError(`${where}: string format ${check.format} has no pattern`)
      patterns.push(check.pattern)
    } else if (check.check === 'custom') {
      state.inexact = true
    } else if (!['min_length', 'max_length', 'length_equals', 'overwrite'].includes(check.check)) {
      throw new UnsupportedSchemaError(`${where}: string check ${check.check}`)
    }
  }
  if (patterns.length === 0) {
    return fc.string({ unit: stringUnit, minLength: min, maxLength: Math.max(min, max ?? MAX_STRING) })
  }
  // A pattern decides the text; other patterns and the length are then checked.
  if (patterns.length > 1 || min > 0 || max !== undefined) state.inexact = true
  return fc.stringMatching(patterns[0]!)
}

function numberArbitrary(schema: Schema, state: WalkState, where: string): fc.Arbitrary<number> {
  let integer = false
  let min: number | undefined
  let max: number | undefined
  let minExcluded = false
  let maxExcluded = false
  for (const check of checksOf(schema)) {
    switch (check.check) {
      case 'number_format':
        integer = check.format !== 'float32' && check.format !== 'float64'
        break
      case 'greater_than':
        min = Number(check.value)
        minExcluded = check.inclusive !== true
        break
      case 'less_than':
        max = Number(check.value)
        maxExcluded = check.inclusive !== true
        break
      case 'multiple_of':
      case 'custom':
        state.inexact = true
        break
      default:
        throw new UnsupportedSchemaError(`${where}: number check ${check.check}`)
    }
  }
  if (integer) {
    return fc.integer({
      min: Math.max(
        Number.MIN_SAFE_INTEGER,
        min === undefined
          ? Number.MIN_SAFE_INTEGER
          : Math.ceil(min) + (minExcluded && Number.isInteger(min) ? 1 : 0),
      ),
      max: Math.min(
        Number.MAX_SAFE_INTEGER,
        max === undefined
          ? Number.MAX_SAFE_INTEGER
          : Math.floor(max) - (maxExcluded && Number.isInteger(max) ? 1 : 0),
      ),
    })
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min === undefined ? { min: -Number.MAX_VALUE } : { min, minExcluded }),
    ...(max === undefined ? { max: Number.MAX_VALUE } : { max, maxExcluded }),
  })
}

function objectArbitrary(schema: Schema, state: WalkState, where: string): fc.Arbitrary<unknown> {
  const shape = defOf(schema).shape as Record<string, Schema>
  const arbitraries: Record<string, fc.Arbitrary<unknown>> = {}
  const requiredKeys: string[] = []
  for (const [key, field] of Object.entries(shape)) {
    arbitraries[key] = walk(field, state, `${where}.${key}`)
    // `optin` is set for optional and defaulted fields: the client may leave them out.
    if (!(field as unknown as { _zod: { optin?: string } })._zod.optin) requiredKeys.push(key)
  }
  return fc.record(arbitraries, { requiredKeys })
}

function walk(schema: Schema, state: WalkState, where: string): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  if (checksOf(schema).some((check) => check.check === 'custom')) state.inexact = true
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema, state, where)
    case 'number':
      return numberArbitrary(schema, state, where)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'undefined':
    case 'void':
      return fc.constant(undefined)
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 })
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]))
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>))
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(walk(def.innerType as Schema, state, where), { nil: undefined })
    case 'nullable':
      return fc.option(walk(def.innerType as Schema, state, where), { nil: null })
    case 'readonly':
    case 'catch':
      return walk(def.innerType as Schema, state, where)
    case 'nonoptional':
      state.inexact = true
      return walk(def.innerType as Schema, state, where)
    case 'pipe':
      // The input side decides what a client sends; the output side may narrow it further.
      state.inexact = true
      return walk(def.in as Schema, state, where)
    case 'object':
      return objectArbitrary(schema, state, where)
    case 'array': {
      const { min, max } = lengthBounds(checksOf(schema))
      return fc.array(walk(def.element as Schema, state, `${where}[]`), {
        minLength: min,
        maxLength: Math.max(min, Math.min(max ?? MAX_ITEMS, MAX_ITEMS)),
      })
    }
    case 'tuple':
      if (def.rest) throw new UnsupportedSchemaError(`${where}: tuple with rest`)
      return fc.tuple(...(def.items as Schema[]).map((item, i) => walk(item, state, `${where}[${i}]`)))
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => walk(option, state, where)))
    case 'record': {
      const keyDef = defOf(def.keyType as Schema)
      if (keyDef.type === 'enum' || keyDef.type === 'literal') {
        // zod 4 records over a closed set of keys need every key.
        const keys = (
          keyDef.type === 'enum'
            ? Object.values(keyDef.entries as Record<string, string>)
            : (keyDef.values as string[])
        ).map(String)
        return fc.record(
          Object.fromEntries(
            keys.map((key) => [key, walk(def.valueType as Schema, state, `${where}.${key}`)]),
          ),
        )
      }
      return fc.dictionary(
        walk(def.keyType as Schema, state, `${where}{key}`) as fc.Arbitrary<string>,
        walk(def.valueType as Schema, state, `${where}{}`),
        { maxKeys: MAX_ITEMS },
      )
    }
    case 'lazy': {
      // Recursive schemas stop after a few levels; the filter then drops what is cut short.
      if (state.depth >= 3) {
        state.inexact = true
        return fc.constant(undefined)
      }
      state.depth++
      const inner = walk((def.getter as () => Schema)(), state, where)
      state.depth--
      return inner
    }
    default:
      throw new UnsupportedSchemaError(`${where}: zod kind "${def.type}" is not supported`)
  }
}

/**
 * Valid inputs of `schema`. Exact where the walk can express the schema; where it cannot (a
 * `.refine`, a pipe) the candidates are filtered through the schema itself.
 */
export function validInput<S extends z.ZodType>(schema: S, where = '$'): fc.Arbitrary<z.input<S>> {
  const state: WalkState = { inexact: false, depth: 0 }
  const arbitrary = walk(schema, state, where)
  const exact = state.inexact ? arbitrary.filter((value) => schema.safeParse(value).success) : arbitrary
  return exact as fc.Arbitrary<z.input<S>>
}

/** The unfiltered walk, for the walker's own test: every value it makes must pass the schema. */
export function walkedInput(schema: z.ZodType): { arbitrary: fc.Arbitrary<unknown>; exact: boolean } {
  const state: WalkState = { inexact: false, depth: 0 }
  const arbitrary = walk(schema, state, '$')
  return { arbitrary, exact: !state.inexact }
}
