import texts from '../locales/ja/penaltyReasons.json'

type Kind = 'sns' | 'puriget'

/**
 * PuriBox's sentence for the reason a penalty was set (a code of the contract's fixed lists), or
 * null for anything else: a code from the address bar or an older answer is only ever used to pick
 * one of these sentences.
 */
export function penaltyReasonText(kind: Kind, code: unknown): string | null {
  const sentences: Readonly<Record<string, string>> = texts[kind]
  return typeof code === 'string' && Object.hasOwn(sentences, code) ? (sentences[code] as string) : null
}

/** Why the member's penalty was set, as a line of the notice or page that tells the penalty. */
export function PenaltyReason({ kind, code }: { kind: Kind; code: unknown }) {
  const text = penaltyReasonText(kind, code)
  if (!text) return null
  return (
    <p className="penalty-reason">
      <span className="penalty-reason__label">{texts.label}</span>
      {text}
    </p>
  )
}
