import type { HelpBlock } from '@puribox/contract/help'
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Help's ids: lower-case words joined by hyphens, as they appear in the pages' paths. */
const ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$'

/**
 * Help's categories, in `position` order (decision 0039). Written from the bundled help at every
 * start (`HelpService.seed`) unless an operator has changed the row in the console
 * (`operator_edited_at`); the help document is built from these rows.
 */
export const helpCategories = pgTable(
  'help_categories',
  {
    id: text('id').primaryKey(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    lead: text('lead').notNull(),
    /** Set by an operator's edit: from then on the bundled help no longer overwrites the row. */
    operatorEditedAt: timestamp('operator_edited_at', { withTimezone: true }),
    /** When the row's content last changed (the help's `updatedAt` is the newest of them). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('help_categories_id', sql`${t.id} ~ ${sql.raw(`'${ID_PATTERN}'`)} and ${t.id} <> 'index'`)],
)

/** One question and its answer, in its category at `position`. */
export const helpAnswers = pgTable(
  'help_answers',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => helpCategories.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    /** The answer's blocks (contract `helpBlockSchema`): plain text and same-origin links, no HTML. */
    body: jsonb('body').$type<HelpBlock[]>().notNull(),
    /** Words to search by that the text does not hold (readings, other words people use). */
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    /** Answers offered after this one, by id (an id no longer there is left out of the document). */
    related: jsonb('related').$type<string[]>().notNull().default([]),
    /** Listed on the help top among the frequently asked questions. */
    featured: boolean('featured').notNull().default(false),
    operatorEditedAt: timestamp('operator_edited_at', { withTimezone: true }),
    /**
     * Set when an operator removed the answer: the row stays, marked as the operator's, so the
     * bundled help written at the next start does not bring it back.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('help_answers_category_idx').on(t.categoryId, t.position),
    check('help_answers_id', sql`${t.id} ~ ${sql.raw(`'${ID_PATTERN}'`)}`),
  ],
)
