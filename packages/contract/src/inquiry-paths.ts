/**
 * The inquiry page's topics and paths (decision 0046), without anything else: the screens that send
 * a person to the inquiry page with a topic import only this.
 */

/**
 * What an inquiry is about. The form asks only for what its topic needs (INQUIRY_TOPIC_FIELDS), and
 * shows first the help answers that may already solve it (INQUIRY_TOPIC_HELP).
 */
export const INQUIRY_TOPICS = [
  'photos',
  'sealLookup',
  'penalty',
  'login',
  'payment',
  'withdrawal',
  'leave',
  'other',
] as const
export type InquiryTopic = (typeof INQUIRY_TOPICS)[number]

export function isInquiryTopic(value: string): value is InquiryTopic {
  return (INQUIRY_TOPICS as readonly string[]).includes(value)
}

/** The topics about a seal's pictures: what `/sp/common/inquiry_puri` offers. */
export const PURI_INQUIRY_TOPICS = [
  'photos',
  'sealLookup',
  'penalty',
] as const satisfies readonly InquiryTopic[]

/**
 * The spec's `/sp/common/inquiry#/{product}Photos/input` with `{product}` = `puribox` (as in the
 * LINE paths and the special contract's kind): the form of the `photos` topic.
 */
export const PRODUCT_PHOTOS_HASH = '#/puriboxPhotos/input'

/**
 * The steps of the inquiry page, in its hash: the topics (`#/` or none), a topic's form
 * (`#/input/{topic}`, and the spec's `#/puriboxPhotos/input`), its confirmation
 * (`#/confirm/{topic}`) and the sent inquiry (`#/sent`). An unknown topic shows the topics.
 */
export type InquiryView =
  | { step: 'topics' }
  | { step: 'input'; topic: InquiryTopic }
  | { step: 'confirm'; topic: InquiryTopic }
  | { step: 'sent' }

export function parseInquiryHash(hash: string): InquiryView {
  if (hash === PRODUCT_PHOTOS_HASH) return { step: 'input', topic: 'photos' }
  if (hash === '#/sent') return { step: 'sent' }
  const match = /^#\/(input|confirm)\/([A-Za-z]+)$/.exec(hash)
  if (match && isInquiryTopic(match[2]!)) return { step: match[1] as 'input' | 'confirm', topic: match[2] }
  return { step: 'topics' }
}

/** The hash of a step (the `photos` form keeps the spec's own address). */
export function inquiryHash(view: InquiryView): string {
  switch (view.step) {
    case 'topics':
      return '#/'
    case 'sent':
      return '#/sent'
    case 'input':
      return view.topic === 'photos' ? PRODUCT_PHOTOS_HASH : `#/input/${view.topic}`
    case 'confirm':
      return `#/confirm/${view.topic}`
  }
}
