/** Values for the `{{name}}` placeholders of a text from the locale files. */
export type TextValues = Readonly<Record<string, string | number>>

/**
 * A text of `server/src/locales/ja/*.json` with its `{{name}}` placeholders filled, the same syntax
 * as the web's texts (`web/src/lib/i18n.ts`). The server's texts are few and read synchronously from
 * bundled JSON, so this one function is all the server needs, not i18next. A placeholder without a
 * value is left as written: a forgotten value then shows in the text, where a test sees it, instead
 * of vanishing.
 */
export function fill(template: string, values: TextValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  )
}
