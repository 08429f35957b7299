import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The decision records keep one format, and a changed decision is a new record that names the one it
 * replaces (docs/decisions/README.md). This checks what a reviewer would otherwise have to: the
 * heading, date and status of each record, its three sections, that "superseded by" and "supersedes"
 * agree on both sides, and that the README's index lists every record as it stands.
 */
const folder = join(import.meta.dirname, '..', 'docs', 'decisions')

interface DecisionRecord {
  file: string
  number: string
  text: string
  title: string | undefined
  /** The status paragraph on one line. */
  status: string
}

const records: DecisionRecord[] = readdirSync(folder)
  .filter((file) => /^\d{4}-[a-z0-9-]+\.md$/.test(file))
  .sort()
  .map((file) => {
    const text = readFileSync(join(folder, file), 'utf8')
    return {
      file,
      number: file.slice(0, 4),
      text,
      title: /^# (\d{4})\. (\S.*)$/m.exec(text.split('\n')[0] ?? '')?.[2],
      status: (/^Status: ([\s\S]*?)\n\n/m.exec(text)?.[1] ?? '').replace(/\s*\n\s*/g, ' '),
    }
  })
const byNumber = new Map(records.map((record) => [record.number, record]))

const STATE = /^(Accepted|Superseded by \[(\d{4})\]\((\d{4})-[a-z0-9-]+\.md\))(?:\. (.+))?$/
const RELATIONS = [
  'Supersedes part of',
  'Supersedes',
  'Extends',
  'Partly superseded by',
  'Extended by',
] as const
type Relation = (typeof RELATIONS)[number] | 'Superseded by'

/** What a record's status says about other records: each relation with the records it names. */
function relationsOf(record: DecisionRecord): { relation: Relation; number: string }[] {
  const state = STATE.exec(record.status)
  if (!state) return []
  const found: { relation: Relation; number: string }[] = []
  if (state[2]) found.push({ relation: 'Superseded by', number: state[2] })
  for (const sentence of state[4] ? state[4].split(/\.\s+(?=[A-Z])/) : []) {
    const relation = RELATIONS.find((name) => sentence.startsWith(`${name} [`))
    if (!relation) throw new Error(`${record.file}: cannot read "${sentence}"`)
    // The records a sentence names are its links before any parenthesis (which says what part).
    const named = sentence.split(' (')[0] ?? ''
    for (const match of named.matchAll(/\[(\d{4})\]\((\d{4})-[a-z0-9-]+\.md\)/g)) {
      found.push({ relation, number: match[1]! })
    }
  }
  return found
}

/** The relation a record must state back, for each one a record states. */
const COUNTERPART: Record<Relation, Relation> = {
  'Superseded by': 'Supersedes',
  Supersedes: 'Superseded by',
  'Partly superseded by': 'Supersedes part of',
  'Supersedes part of': 'Partly superseded by',
  'Extended by': 'Extends',
  Extends: 'Extended by',
}

/** A status as the index shows it: the state, then who supersedes or extends the record. */
function indexStatus(record: DecisionRecord): string {
  const relations = relationsOf(record)
  const superseded = relations.find((r) => r.relation === 'Superseded by')
  const forward = (['Partly superseded by', 'Extended by'] as const)
    .map((relation) => ({ relation, numbers: relations.filter((r) => r.relation === relation) }))
    .filter(({ numbers }) => numbers.length > 0)
    .map(({ relation, numbers }) => `${relation.toLowerCase()} ${numbers.map((r) => r.number).join(' and ')}`)
  return [superseded ? `Superseded by ${superseded.number}` : 'Accepted', ...forward].join(', ')
}

describe('decision records', () => {
  it('are there, numbered without repeats', () => {
    expect(records.length).toBeGreaterThanOrEqual(20)
    expect(new Set(records.map((record) => record.number)).size).toBe(records.length)
  })

  it.each(records)('$file: title, date, status and the three sections, in order', (record) => {
    const lines = record.text.split('\n')
    expect(lines[0]).toMatch(new RegExp(`^# ${record.number}\\. \\S`))
    expect(lines[1]).toBe('')
    expect(lines[2]).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/)
    const date = lines[2]!.slice('Date: '.length)
    expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date)
    expect(lines[3]).toBe('')
    expect(lines[4]).toMatch(/^Status: /)
    expect(record.status).toMatch(STATE)
    const sections = lines.filter((line) => line.startsWith('## '))
    expect(sections).toEqual(['## Context', '## Decision', '## Consequences'])
  })

  it.each(records)('$file: the records its status names exist and name it back', (record) => {
    const unanswered = relationsOf(record)
      .filter(({ relation, number }) => {
        const other = byNumber.get(number)
        return (
          !other ||
          !relationsOf(other).some(
            (back) => back.relation === COUNTERPART[relation] && back.number === record.number,
          )
        )
      })
      .map(({ relation, number }) => `${relation} ${number}`)
    expect(unanswered).toEqual([])
  })

  it.each(records)('$file: keeps its history in git, not in its text', (record) => {
    expect(record.text).not.toMatch(/\brevised in\b|\(revised\b|\bchanged by \d{4}|^\**update\b/im)
  })

  it('are each listed in the index of docs/decisions/README.md, with their title and status', () => {
    const readme = readFileSync(join(folder, 'README.md'), 'utf8')
    const listed = [...readme.matchAll(/^\| \[(\d{4})\]\((\S+)\) \| (.+) \| (.+) \|$/gm)].map((row) => ({
      number: row[1],
      file: row[2],
      title: row[3],
      status: row[4],
    }))
    expect(listed).toEqual(
      records.map((record) => ({
        number: record.number,
        file: record.file,
        title: record.title,
        status: indexStatus(record),
      })),
    )
  })
})
