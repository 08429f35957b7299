import type { FastifySerializerCompiler } from 'fastify/types/schema'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'

/**
 * An entity already encoded with its contract schema: JSON text that was checked once and can be
 * sent many times. For answers that never change once made (a seal's guest view), so the hot read
 * does not encode and stringify the same object on every request.
 */
export class EncodedEntity<T> {
  private constructor(
    readonly json: string,
    /** The decoded value, for callers inside the server. */
    readonly value: T,
  ) {}

  /** Encodes `value` with `schema` (throws, as the route serializer would, when it does not fit). */
  static of<S extends z.ZodType>(schema: S, value: z.output<S>): EncodedEntity<z.output<S>> {
    return new EncodedEntity(JSON.stringify(schema.encode(value)), value)
  }
}

interface Wrapper {
  entity: unknown
  error: unknown
  clock: unknown
}

/**
 * The contract's zod serializer, with one shortcut: a success wrapper whose entity is an
 * `EncodedEntity` is written from its JSON text. The wrapper's other two fields are plain (no
 * error on success; `clock` is null or `{ date }`), so they are stringified here.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (routeSchema) => {
  const zodSerializer = zodSerializerCompiler(routeSchema)
  return (data: unknown) => {
    const wrapper = data as Wrapper | null
    if (wrapper !== null && typeof wrapper === 'object' && wrapper.entity instanceof EncodedEntity) {
      return `{"entity":${wrapper.entity.json},"error":null,"clock":${JSON.stringify(wrapper.clock ?? null)}}`
    }
    return zodSerializer(data)
  }
}
