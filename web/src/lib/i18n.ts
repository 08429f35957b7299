import common from '../locales/ja/common.json'
import frame from '../locales/ja/frame.json'
import sealForm from '../locales/ja/sealForm.json'
import top from '../locales/ja/top.json'

/**
 * A small typed translator over the Japanese locale files (docs/decisions/0003): PuriBox is
 * Japanese-only, so the messages are bundled and looked up synchronously, with no language detection,
 * plurals or backends. Each file comes with the code that shows it (docs/decisions/0016).
 */

interface Messages {
  readonly [key: string]: string | Messages
}

/** Every dotted path to a string of the messages, e.g. `seal.preview.daysLeft`. */
export type MessageKey<M> = {
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

/**
 * The texts of the first load (docs/decisions/0016): what every page shares, the frame, and the top
 * page with its seal-ID form. The screens loaded later have a `t` of their feature
 * (`features/<feature>/i18n.ts`) over these and their own files, which come with their chunks.
 */
export const shellMessages = { common, frame, top, sealForm }

/** The Japanese text of a key of the first load's locale files. */
export const t = createTranslator(shellMessages)
