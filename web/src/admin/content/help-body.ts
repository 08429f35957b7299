import { holdsUnstorableText } from '@puribox/contract/admin-content'
import { HELP_LIMITS, type HelpBlock, helpBlockSchema, helpHrefSchema } from '@puribox/contract/help'
import { t } from './i18n'

/**
 * An answer's body as an operator types it: one block a line, in plain text, so that a textarea of
 * the form kit writes every kind of block the members' help shows, and nothing else (never HTML):
 *
 * - a line is a paragraph (`text`);
 * - a line starting with the note's word and a colon (the locale's `help.body.notePrefix`) is
 *   something to keep in mind (`note`);
 * - lines in a row starting with a middle dot (U+30FB, or its half-width form) are a list, lines
 *   starting `1.` (digits of either width) numbered steps;
 * - `[label](/path)` is a button to a page of this site (`link`).
 *
 * Blank lines end a list and are otherwise ignored; written back, blocks are parted by one, so a body
 * read and written again is the same.
 */

/** The note's prefix as written back, and as read: its word then a colon of either width. */
const NOTE_PREFIX = t('adminContent.help.body.notePrefix')
const NOTE = new RegExp(`^${NOTE_PREFIX.slice(0, -1)}[:\uff1a]\\s*`)
const LIST_MARK = '\u30fb'
const LIST_ITEM = /^[\u30fb\uff65]\s*/
const STEP = /^[0-9\uff10-\uff19]+[.\uff0e]\s*/
const LINK = /^\[(.*)\]\((.*)\)$/

/** The body's text of the blocks: what the form's textarea starts with. */
export function helpBodyText(blocks: readonly HelpBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text
        case 'note':
          return `${NOTE_PREFIX}${block.text}`
        case 'list':
          return block.items.map((item) => `${LIST_MARK}${item}`).join('\n')
        case 'steps':
          return block.items.map((item, index) => `${index + 1}. ${item}`).join('\n')
        case 'link':
          return `[${block.label}](${block.href})`
        default:
          return ''
      }
    })
    .join('\n\n')
}

/** The blocks the body's text stands for, or the first thing wrong with it, in Japanese. */
export type ReadHelpBody = { blocks: HelpBlock[] } | { error: string }

type Draft = { block: HelpBlock; line: number }

export function readHelpBody(text: string): ReadHelpBody {
  const drafts: Draft[] = []
  // The list or steps the previous line added to, which the next line of its kind goes on.
  let open = null as { type: 'list' | 'steps'; items: string[] } | null
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  for (const [index, raw] of lines.entries()) {
    const line = index + 1
    const plain = raw.trim()
    if (plain === '') {
      open = null
      continue
    }
    if (holdsUnstorableText(plain)) return { error: t('adminContent.help.body.errors.control', { line }) }
    const item = LIST_ITEM.test(plain) ? 'list' : STEP.test(plain) ? 'steps' : null
    if (item) {
      const value = plain.replace(item === 'list' ? LIST_ITEM : STEP, '').trim()
      if (value === '') return { error: t('adminContent.help.body.errors.emptyItem', { line }) }
      if (value.length > HELP_LIMITS.textMax)
        return { error: t('adminContent.help.body.errors.tooLong', { line, max: HELP_LIMITS.textMax }) }
      if (open?.type === item) {
        if (open.items.length >= HELP_LIMITS.items)
          return { error: t('adminContent.help.body.errors.tooManyItems', { line, max: HELP_LIMITS.items }) }
        open.items.push(value)
        continue
      }
      open = { type: item, items: [value] }
      drafts.push({ block: open, line })
      continue
    }
    open = null
    const link = LINK.exec(plain)
    if (link) {
      const label = (link[1] ?? '').trim()
      const href = (link[2] ?? '').trim()
      if (label === '') return { error: t('adminContent.help.body.errors.linkLabel', { line }) }
      if (label.length > HELP_LIMITS.titleMax)
        return { error: t('adminContent.help.body.errors.tooLong', { line, max: HELP_LIMITS.titleMax }) }
      if (!helpHrefSchema.safeParse(href).success)
        return { error: t('adminContent.help.body.errors.linkHref', { line }) }
      drafts.push({ block: { type: 'link', label, href }, line })
      continue
    }
    const note = NOTE.test(plain)
    const value = note ? plain.replace(NOTE, '').trim() : plain
    if (value === '') return { error: t('adminContent.help.body.errors.emptyNote', { line }) }
    if (value.length > HELP_LIMITS.textMax)
      return { error: t('adminContent.help.body.errors.tooLong', { line, max: HELP_LIMITS.textMax }) }
    drafts.push({ block: { type: note ? 'note' : 'text', text: value }, line })
  }
  if (drafts.length === 0) return { error: t('adminContent.help.body.errors.empty') }
  if (drafts.length > HELP_LIMITS.blocks)
    return {
      error: t('adminContent.help.body.errors.tooManyBlocks', {
        max: HELP_LIMITS.blocks,
        count: drafts.length,
      }),
    }
  // The contract's own check of each block last, so nothing the server would refuse is sent.
  for (const { block, line } of drafts) {
    if (!helpBlockSchema.safeParse(block).success)
      return { error: t('adminContent.help.body.errors.invalid', { line }) }
  }
  return { blocks: drafts.map((draft) => draft.block) }
}
