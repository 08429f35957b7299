import { ja } from '../locales/ja/resources'

/**
 * A small typed translator over the Japanese locale files (docs/decisions/0003): PuriBox is
 * Japanese-only, so the messages are bundled and looked up synchronously, with no language detection,
 * plurals, backends or namespaces.
 */

interface Messages {
  readonly [key: string]: string | Messages
}

/** Every dotted path to a string of the messages, e.g. `seal.preview.daysLeft`. */
export type MessageKey<M = typeof ja> = {
  [K in keyof M & string]: M[K] extends string ? K : `${K}.${MessageKey<M[K]>}`
}[keyof M & string]

export type MessageParams = Readonly<Record<string, string | number>>

/**
 * A `t(key, params?)` over `messages`. `{{name}}` is replaced by `params.name`; a placeholder without
 * a value stays visible as written. A key without a string (impossible when typed) answers the key.
 */
export function createTranslator<M extends Messages>(messages: M) {
  return function t(key: MessageKey<M>, params?: MessageParams): string {
    let value: string | Messages | undefined = messages
    for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined
    if (typeof value !== 'string') return key
    if (!params) return value
    return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : placeholder,
    )
  }
}

/** The Japanese text of a key of `src/locales/ja/*.json`. */
export const t = createTranslator(ja)
