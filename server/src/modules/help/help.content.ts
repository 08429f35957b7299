import { type HelpCategory, helpCategorySchema, helpIdSchema } from '@puribox/contract/help'
import { links } from '@puribox/contract/pages'
import { AU_TRIAL_DAYS, PREMIUM_PRICE_YEN } from '@puribox/contract/payments'
import { z } from 'zod'
import { fill } from '../../locales/fill'
import source from '../../locales/ja/help.json' with { type: 'json' }
import type { HelpAnswerSeed, HelpCategorySeed } from './help.repository'

/**
 * The help PuriBox ships with (`locales/ja/help.json`), written into the database at every start
 * (decision 0039). Its links name a page of `links` (`"to": "premiumCancel"`), so a page that moves
 * moves in the help too, and its figures come from the constants the rest of the service uses.
 */

type LinkName = keyof typeof links
const linkNames = Object.keys(links) as [LinkName, ...LinkName[]]

const text = z.string().min(1)
const sourceBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['text', 'note']), text }),
  z.object({ type: z.enum(['steps', 'list']), items: z.array(text).min(1) }),
  z.object({ type: z.literal('link'), label: text, to: z.enum(linkNames) }),
])
const sourceSchema = z.object({
  categories: z.array(
    z.object({
      id: helpIdSchema,
      title: text,
      lead: text,
      answers: z.array(
        z.object({
          id: helpIdSchema,
          question: text,
          featured: z.boolean(),
          body: z.array(sourceBlockSchema),
          keywords: z.array(text),
          related: z.array(helpIdSchema),
        }),
      ),
    }),
  ),
})

/** The facts the texts mention, from the same constants the service runs on. */
const FIGURES = { price: PREMIUM_PRICE_YEN, trialDays: AU_TRIAL_DAYS }

/**
 * The bundled help as the document's categories, checked against the contract: every id once, every
 * related answer there, every link a page of the site. Throws (at start, and in its test) otherwise.
 */
export function bundledHelp(raw: unknown = source): HelpCategory[] {
  const parsed = sourceSchema.parse(raw)
  const categories = parsed.categories.map((category) =>
    helpCategorySchema.parse({
      id: category.id,
      title: fill(category.title, FIGURES),
      lead: fill(category.lead, FIGURES),
      answers: category.answers.map((answer) => ({
        id: answer.id,
        question: fill(answer.question, FIGURES),
        featured: answer.featured,
        keywords: answer.keywords,
        related: answer.related,
        body: answer.body.map((block) => {
          if (block.type === 'link')
            return { type: 'link', label: fill(block.label, FIGURES), href: links[block.to] }
          if ('items' in block)
            return { type: block.type, items: block.items.map((item) => fill(item, FIGURES)) }
          return { type: block.type, text: fill(block.text, FIGURES) }
        }),
      })),
    }),
  )
  const seen = new Set<string>()
  for (const id of [
    ...categories.map((c) => c.id),
    ...categories.flatMap((c) => c.answers.map((a) => a.id)),
  ]) {
    if (seen.has(id)) throw new Error(`help: the id ${id} is used twice`)
    seen.add(id)
  }
  for (const answer of categories.flatMap((category) => category.answers)) {
    for (const id of answer.related) {
      if (!seen.has(id) || categories.some((category) => category.id === id)) {
        throw new Error(`help: ${answer.id} relates to ${id}, which is no answer`)
      }
      if (id === answer.id) throw new Error(`help: ${answer.id} relates to itself`)
    }
  }
  return categories
}

/** The rows the bundled help is written as: positions from its order. */
export function helpSeedRows(categories: readonly HelpCategory[]): {
  categories: HelpCategorySeed[]
  answers: HelpAnswerSeed[]
} {
  return {
    categories: categories.map((category, position) => ({
      id: category.id,
      position,
      title: category.title,
      lead: category.lead,
    })),
    answers: categories.flatMap((category) =>
      category.answers.map((answer, position) => ({
        id: answer.id,
        categoryId: category.id,
        position,
        question: answer.question,
        body: answer.body,
        keywords: answer.keywords,
        related: answer.related,
        featured: answer.featured,
      })),
    ),
  }
}
