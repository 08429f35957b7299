import type { HelpAnswerCreate } from '@puribox/contract/admin-help'
import { beforeEach, describe, expect, it } from 'vitest'
import { fixedClock } from '../../ports/clock'
import { buildMemberCaller } from '../../test/callers'
import { buildOperatorActor } from '../../test/console'
import { resetDatabase, testDatabase } from '../../test/database'
import { TEST_NOW } from '../../test/harness'
import { type Actor, systemActor } from '../actor'
import { createEventBus, type EventEnvelope } from '../events'
import { createHelpRepository } from './help.repository'
import { createHelpService } from './help.service'
import { createHelpAdminRepository } from './help-admin.repository'
import { createHelpAdminService } from './help-admin.service'

const operator = buildOperatorActor
const editor = operator('editor')

const NEW_ANSWER = {
  id: 'premium-gift',
  categoryId: 'premium',
  question: 'プレミアム会員を友だちに贈れますか？',
  body: [{ type: 'text' as const, text: '今は贈ることはできません。' }],
  keywords: ['ぷれぜんと'],
  related: ['premium-price'],
}

async function setUp() {
  const { db } = await testDatabase()
  const bus = createEventBus()
  const told: EventEnvelope[] = []
  bus.onEvery('test', async (_tx, event) => {
    told.push(event)
  })
  const clock = fixedClock(TEST_NOW)
  const members = createHelpService({ repo: createHelpRepository(db), clock })
  await members.seed()
  const admin = createHelpAdminService({
    repo: createHelpAdminRepository(db, bus),
    clock,
    helpChanged: members.changed,
  })
  /** The members' document as this process serves it. */
  const document = async () => JSON.parse((await members.file()).json.toString('utf8'))
  const answersOf = async (categoryId: string): Promise<string[]> =>
    (await document()).categories
      .find((category: { id: string }) => category.id === categoryId)
      .answers.map((answer: { id: string }) => answer.id)
  return { admin, members, clock, told, document, answersOf }
}

describe('help in the console (service)', () => {
  beforeEach(async () => {
    await resetDatabase(await testDatabase())
  })

  it("writes, moves, orders and removes answers, each an event; members' document follows at once and the bundled help keeps it all", async () => {
    const { admin, members, told, document, answersOf } = await setUp()
    const bundled = await answersOf('premium')
    const etag = (await members.file()).etag

    const created = await admin.createAnswer(editor, { ...NEW_ANSWER, reason: 'asked often' })
    expect(created).toMatchObject({ id: 'premium-gift', position: bundled.length, featured: false })
    expect(await answersOf('premium')).toEqual([...bundled, 'premium-gift'])
    expect((await members.file()).etag).not.toBe(etag)

    await admin.changeAnswer(editor, 'premium-price', { question: '料金は？', reason: 'shorter' })
    const order = ['premium-gift', ...bundled]
    await admin.orderAnswers(editor, 'premium', { answerIds: order })
    await admin.removeAnswer(editor, 'cancel-how', { reason: 'replaced' })
    await admin.changeAnswer(editor, 'saving-raw', { categoryId: 'premium' })
    await admin.changeCategory(editor, 'premium', { title: 'プレミアム会員のこと' })

    const expected = async () => {
      const help = await document()
      const premium = help.categories.find((category: { id: string }) => category.id === 'premium')
      expect(premium.title).toBe('プレミアム会員のこと')
      expect(premium.answers.map((answer: { id: string }) => answer.id)).toEqual([...order, 'saving-raw'])
      expect(premium.answers.find((answer: { id: string }) => answer.id === 'premium-price').question).toBe(
        '料金は？',
      )
      expect(JSON.stringify(help)).not.toContain('"cancel-how"')
    }
    await expected()
    // The bundled help written again (the next start) leaves every change as the operator made it.
    await members.seed()
    await expected()

    expect(told.map((event) => [event.name, event.target, event.reason])).toEqual([
      ['help.answer-created', { kind: 'help-answer', id: 'premium-gift' }, 'asked often'],
      ['help.answer-changed', { kind: 'help-answer', id: 'premium-price' }, 'shorter'],
      ['help.answers-ordered', { kind: 'help-category', id: 'premium' }, null],
      ['help.answer-removed', { kind: 'help-answer', id: 'cancel-how' }, 'replaced'],
      ['help.answer-changed', { kind: 'help-answer', id: 'saving-raw' }, null],
      ['help.category-changed', { kind: 'help-category', id: 'premium' }, null],
    ])
    expect(told[1]).toMatchObject({
      before: { question: 'プレミアム会員の料金はいくらですか？' },
      after: { question: '料金は？' },
    })
    expect(told[2]).toMatchObject({ before: { order: [...bundled, 'premium-gift'] }, after: { order } })
    expect(told[3]).toMatchObject({ before: { categoryId: 'cancel' }, after: null })
    expect(told[4]).toMatchObject({ before: { categoryId: 'saving' }, after: { categoryId: 'premium' } })

    const listed = await admin.help(operator('viewer'))
    expect(listed.removed).toEqual([
      {
        id: 'cancel-how',
        categoryId: 'cancel',
        question: expect.any(String),
        removedAt: TEST_NOW.toISOString(),
      },
    ])
  })

  it('brings a removed answer back by its id, and refuses an id taken, a related id that is no answer, an unknown category and a stale order', async () => {
    const { admin, answersOf } = await setUp()
    await admin.removeAnswer(editor, 'cancel-how', {})
    const back = await admin.createAnswer(editor, {
      ...NEW_ANSWER,
      id: 'cancel-how',
      categoryId: 'cancel',
      related: [],
    })
    expect(back.question).toBe(NEW_ANSWER.question)
    expect((await answersOf('cancel')).at(-1)).toBe('cancel-how')

    for (const [input, code] of [
      [{ ...NEW_ANSWER, id: 'premium-price' }, 'HELP_ANSWER_TAKEN'],
      [{ ...NEW_ANSWER, id: 'premium' }, 'HELP_ANSWER_TAKEN'],
      [{ ...NEW_ANSWER, related: ['no-such-answer'] }, 'HELP_RELATED_INVALID'],
      [{ ...NEW_ANSWER, related: ['premium'] }, 'HELP_RELATED_INVALID'],
      [{ ...NEW_ANSWER, related: ['premium-gift'] }, 'HELP_RELATED_INVALID'],
      [{ ...NEW_ANSWER, categoryId: 'no-such-category' }, 'HELP_CATEGORY_NOT_FOUND'],
    ] satisfies Array<[HelpAnswerCreate, string]>) {
      await expect(admin.createAnswer(editor, input), JSON.stringify(input)).rejects.toMatchObject({ code })
    }
    await expect(admin.changeAnswer(editor, 'no-such-answer', { question: 'x' })).rejects.toMatchObject({
      code: 'HELP_ANSWER_NOT_FOUND',
    })
    await expect(
      admin.changeAnswer(editor, 'premium-price', { categoryId: 'nowhere' }),
    ).rejects.toMatchObject({
      code: 'HELP_CATEGORY_NOT_FOUND',
    })
    const premium = await answersOf('premium')
    await expect(
      admin.orderAnswers(editor, 'premium', { answerIds: premium.slice(1) }),
    ).rejects.toMatchObject({ code: 'ORDER_STALE' })
    await expect(
      admin.orderAnswers(editor, 'premium', { answerIds: [...premium.slice(1), 'cancel-how'] }),
    ).rejects.toMatchObject({ code: 'ORDER_STALE' })
    await expect(admin.removeAnswer(editor, 'no-such-answer', {})).rejects.toMatchObject({
      code: 'HELP_ANSWER_NOT_FOUND',
    })
  })

  it('refuses every change but to editors and admins, and every reading but to operators, with FORBIDDEN', async () => {
    const { admin, told } = await setUp()
    const refused: Actor[] = [
      operator('viewer'),
      operator('support'),
      buildMemberCaller(),
      systemActor('demo'),
    ]
    for (const actor of refused) {
      for (const attempt of [
        () => admin.createAnswer(actor, NEW_ANSWER),
        () => admin.changeAnswer(actor, 'premium-price', { question: 'x' }),
        () => admin.removeAnswer(actor, 'premium-price', {}),
        () => admin.orderAnswers(actor, 'premium', { answerIds: [] }),
        () => admin.changeCategory(actor, 'premium', { title: 'x' }),
      ]) {
        await expect(attempt(), actor.kind).rejects.toMatchObject({ code: 'FORBIDDEN' })
      }
    }
    for (const actor of [buildMemberCaller(), systemActor('demo')]) {
      await expect(admin.help(actor)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    }
    expect((await admin.help(operator('support'))).categories.length).toBeGreaterThan(5)
    expect(told).toEqual([])
  })
})
