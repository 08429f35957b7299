import { adminApi } from '@puribox/contract/admin-api'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CONSOLE_IP, consoleOperator } from '../../test/console'
import { useTestApp } from '../../test/harness'
import type { OperatorRole } from '../actor'

const HELP_JSON = '/static/help.json?t=1790000000'

interface HelpDocumentAnswer {
  id: string
  question: string
}

describe('the console edits help: /admin/api/help', () => {
  const ctx = useTestApp()

  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  /** Members' help document as a server process sends it: its ETag and its answers by id. */
  async function membersHelp(app: FastifyInstance) {
    const response = await app.inject({ url: HELP_JSON })
    const answers = new Map<string, HelpDocumentAnswer>()
    for (const category of response.json().categories) {
      for (const answer of category.answers as HelpDocumentAnswer[]) answers.set(answer.id, answer)
    }
    return { etag: response.headers.etag as string, answers, body: response.body }
  }

  it("changes members' help at once (a new ETag), keeps the change through a restart, and audits every edit", async () => {
    await ctx().app.seedContent()
    const editor = await signedIn('editor')
    const before = await membersHelp(ctx().app)
    expect(before.answers.has('cancel-how')).toBe(true)

    const changed = await editor.call(adminApi.adminHelpAnswerChange, {
      params: { answerId: 'premium-price' },
      body: { question: 'プレミアム会員はいくら？', reason: 'shorter question' },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().entity).toMatchObject({ question: 'プレミアム会員はいくら？' })
    expect(changed.json().entity.operatorEditedAt).not.toBeNull()
    const created = await editor.call(adminApi.adminHelpAnswerCreate, {
      body: {
        id: 'premium-gift',
        categoryId: 'premium',
        question: '友だちに贈れますか？',
        body: [
          { type: 'text', text: '今はできません。' },
          { type: 'link', label: 'プレミアムについて', href: '/web/common/help/top/premium' },
        ],
        related: ['premium-price'],
      },
    })
    expect(created.statusCode).toBe(200)
    const removed = await editor.call(adminApi.adminHelpAnswerRemove, {
      params: { answerId: 'cancel-how' },
      body: { reason: 'merged into cancel-when' },
    })
    expect(removed.json().entity).toMatchObject({ id: 'cancel-how', categoryId: 'cancel' })

    const after = await membersHelp(ctx().app)
    expect(after.etag).not.toBe(before.etag)
    expect(after.answers.get('premium-price')?.question).toBe('プレミアム会員はいくら？')
    expect(after.answers.get('premium-gift')?.question).toBe('友だちに贈れますか？')
    expect(after.answers.has('cancel-how')).toBe(false)
    const notModified = await ctx().app.inject({ url: HELP_JSON, headers: { 'if-none-match': before.etag } })
    expect(notModified.statusCode).toBe(200)

    // A restart: another process on the same database writes the bundled help again at its start.
    const restarted = await ctx().secondProcess()
    await restarted.seedContent()
    const again = await membersHelp(restarted)
    expect(again.body).toBe(after.body)
    expect(again.etag).toBe(after.etag)
    await ctx().app.seedContent()
    expect((await membersHelp(ctx().app)).etag).toBe(after.etag)

    const entries = (
      await (await signedIn('admin')).call(adminApi.auditLog, { query: { operatorId: editor.operator.id } })
    ).json().entity.entries
    expect(
      entries.map((entry: { action: string; target: { id: string }; reason: string | null }) => [
        entry.action,
        entry.target.id,
        entry.reason,
      ]),
    ).toEqual([
      ['help.answer-removed', 'cancel-how', 'merged into cancel-when'],
      ['help.answer-created', 'premium-gift', null],
      ['help.answer-changed', 'premium-price', 'shorter question'],
    ])
    expect(entries[2]).toMatchObject({
      target: { kind: 'help-answer' },
      before: { question: 'プレミアム会員の料金はいくらですか？' },
      after: { question: 'プレミアム会員はいくら？' },
      clientIp: CONSOLE_IP,
    })
  })

  it('orders a category and renames it for members; the order is audited and survives the bundled help', async () => {
    await ctx().app.seedContent()
    const admin = await signedIn('admin')
    const help = (await admin.call(adminApi.adminHelp)).json().entity
    const premium = help.categories.find((category: { id: string }) => category.id === 'premium')
    const reversed = premium.answers.map((answer: { id: string }) => answer.id).reverse()
    const ordered = await admin.call(adminApi.adminHelpAnswersOrder, {
      params: { categoryId: 'premium' },
      body: { answerIds: reversed, reason: 'most asked first' },
    })
    expect(ordered.json().entity.answers.map((answer: { id: string }) => answer.id)).toEqual(reversed)
    await admin.call(adminApi.adminHelpCategoryChange, {
      params: { categoryId: 'premium' },
      body: { title: 'プレミアム会員', reason: 'shorter' },
    })
    await ctx().app.seedContent()
    const document = (await ctx().app.inject({ url: HELP_JSON })).json()
    const served = document.categories.find((category: { id: string }) => category.id === 'premium')
    expect(served.title).toBe('プレミアム会員')
    expect(served.answers.map((answer: { id: string }) => answer.id)).toEqual(reversed)
    const stale = await admin.call(adminApi.adminHelpAnswersOrder, {
      params: { categoryId: 'premium' },
      body: { answerIds: reversed.slice(1) },
    })
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'ORDER_STALE'])
    const entry = (await admin.call(adminApi.auditLog, { query: { action: 'help.answers-ordered' } })).json()
      .entity.entries[0]
    expect(entry).toMatchObject({
      target: { kind: 'help-category', id: 'premium' },
      reason: 'most asked first',
      after: { order: reversed },
    })
  })

  it('lets viewers and support read the help and change nothing; refuses blocks that break the rules (a link off the site, a control character, none)', async () => {
    await ctx().app.seedContent()
    for (const role of ['viewer', 'support'] as const) {
      const reader = await signedIn(role)
      expect((await reader.call(adminApi.adminHelp)).json().entity.categories.length).toBeGreaterThan(5)
      for (const [route, input] of [
        [adminApi.adminHelpAnswerChange, { params: { answerId: 'premium-price' }, body: { question: 'x' } }],
        [adminApi.adminHelpAnswerRemove, { params: { answerId: 'premium-price' }, body: {} }],
        [adminApi.adminHelpCategoryChange, { params: { categoryId: 'premium' }, body: { title: 'x' } }],
        [adminApi.adminHelpAnswersOrder, { params: { categoryId: 'premium' }, body: { answerIds: [] } }],
      ] as const) {
        const answer = await reader.call(route, input)
        expect([answer.statusCode, answer.json().error.code], `${role} ${route.path}`).toEqual([
          403,
          'FORBIDDEN',
        ])
      }
    }
    const editor = await signedIn('editor')
    for (const body of [
      [{ type: 'link', label: '外へ', href: 'https://evil.example/' }],
      [{ type: 'text', text: '<script>alert(1)</script>\u0000' }],
      [],
    ]) {
      const answer = await editor.call(adminApi.adminHelpAnswerChange, {
        params: { answerId: 'premium-price' },
        body: { body },
      })
      expect([answer.statusCode, answer.json().error.code], JSON.stringify(body)).toEqual([
        400,
        'VALIDATION_FAILED',
      ])
    }
  })
})
