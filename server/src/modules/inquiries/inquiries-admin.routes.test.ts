import { randomUUID } from 'node:crypto'
import { adminApi } from '@puribox/contract/admin-api'
import { SUPPORT_MAIL_ADDRESS } from '@puribox/contract/support'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditTrail, consoleOperator } from '../../test/console'
import { injectOptions } from '../../test/contract-requests'
import { createMember } from '../../test/factories'
import { postAsBrowser, TEST_NOW, useTestApp } from '../../test/harness'
import type { OperatorRole } from '../actor'
import { operators } from '../operators/operators.schema'
import { inquiries, inquiryNotes, inquiryReplies } from './inquiries.schema'

const MINUTE = 60_000
const INQUIRY_TEXT = 'プリが保存できなくて困っています。山田花子、090-1234-5678です。'

describe("support's inbox in the console: /admin/api/inquiries", () => {
  const ctx = useTestApp()

  const signedIn = (role: OperatorRole) => consoleOperator(ctx(), role)

  /** Sends an inquiry through the members' form, as a guest (or the member of `cookie`); its reference number. */
  async function sendInquiry(
    overrides: Record<string, unknown> = {},
    from: { cookie?: string; ip?: string } = {},
  ): Promise<{ id: string; referenceNumber: string }> {
    const response = await postAsBrowser(
      ctx().app,
      '/sp/2/inquiries',
      {
        idempotencyKey: randomUUID(),
        topic: 'other',
        text: INQUIRY_TEXT,
        mailAddresses: ['Hanako@Example.com'],
        ...overrides,
      },
      { cookie: from.cookie, ip: from.ip ?? '198.51.100.7' },
    )
    expect(response.statusCode, response.body).toBe(200)
    const { referenceNumber } = response.json().entity
    const [row] = await ctx()
      .db.select()
      .from(inquiries)
      .where(eq(inquiries.referenceNumber, referenceNumber))
    return { id: row!.id, referenceNumber }
  }

  const auditOf = (id: string) => auditTrail(ctx(), 'inquiry', id)

  it('lists the inbox by state, the longest waiting first, a page at a time, with the count of each state', async () => {
    const support = await signedIn('support')
    const first = await sendInquiry()
    ctx().clock.advance(MINUTE)
    const second = await sendInquiry({
      mailAddresses: ['taro@example.jp'],
      topic: 'login',
      howToRegister: ['LINE'],
    })
    ctx().clock.advance(MINUTE)
    const third = await sendInquiry({ mailAddresses: ['jiro@example.jp'] })
    await support.call(adminApi.adminInquiryState, {
      params: { inquiryId: third.id },
      body: { state: 'closed' },
    })

    const inbox = (await support.call(adminApi.adminInquiries, { query: { state: 'new', limit: 1 } })).json()
      .entity
    expect(inbox.counts).toEqual({ new: 2, 'in-progress': 0, answered: 0, closed: 1 })
    expect(inbox.inquiries).toHaveLength(1)
    expect(inbox.inquiries[0]).toMatchObject({
      id: first.id,
      referenceNumber: first.referenceNumber,
      topic: 'other',
      state: 'new',
      assignee: null,
      accountId: null,
      replyTo: 'Hanako@Example.com',
      receivedAt: TEST_NOW.toISOString(),
      replyCount: 0,
      noteCount: 0,
      lastRepliedAt: null,
    })
    const next = (
      await support.call(adminApi.adminInquiries, { query: { state: 'new', limit: 1, after: inbox.next } })
    ).json().entity
    expect(next.inquiries.map((row: { id: string }) => row.id)).toEqual([second.id])
    expect(next.next).toBeNull()

    const ids = async (query: Record<string, unknown>) =>
      (await support.call(adminApi.adminInquiries, { query }))
        .json()
        .entity.inquiries.map((row: { id: string }) => row.id)
    expect(await ids({})).toEqual([first.id, second.id, third.id])
    expect(await ids({ order: 'newest' })).toEqual([third.id, second.id, first.id])
    expect(await ids({ referenceNumber: second.referenceNumber.toLowerCase() })).toEqual([second.id])
    expect(await ids({ mailAddress: 'hanako@EXAMPLE.com' })).toEqual([first.id])
    expect(await ids({ topic: 'login' })).toEqual([second.id])
    expect(await ids({ state: 'closed' })).toEqual([third.id])
    expect(await ids({ assignee: 'none' })).toEqual([first.id, second.id, third.id])
    expect(await ids({ assignee: support.operator.id })).toEqual([])
  })

  it('answers by mail from the console: the reference number in the subject, to the address given, the reply kept with the inquiry', async () => {
    const member = await createMember(ctx().db, ctx().clock)
    const inquiry = await sendInquiry({}, { cookie: member.cookie })
    const support = await signedIn('support')
    ctx().mailer.sent.length = 0
    ctx().clock.advance(10 * MINUTE)

    const replyText =
      'お問い合わせありがとうございます。\nマイページの「保存したプリ」から、もう一度お試しください。'
    const replied = await support.call(adminApi.adminInquiryReply, {
      params: { inquiryId: inquiry.id },
      body: { text: replyText },
    })
    expect(replied.statusCode, replied.body).toBe(200)
    const page = replied.json().entity
    expect(page).toMatchObject({
      state: 'answered',
      assignee: { operatorId: support.operator.id, operatorMailAddress: support.operator.mailAddress },
      replyCount: 1,
      lastRepliedAt: new Date(TEST_NOW.getTime() + 10 * MINUTE).toISOString(),
    })
    expect(page.replies).toEqual([
      {
        id: expect.any(String),
        operator: { operatorId: support.operator.id, operatorMailAddress: support.operator.mailAddress },
        mailAddress: 'Hanako@Example.com',
        subject: expect.stringContaining(inquiry.referenceNumber),
        text: replyText,
        sentAt: new Date(TEST_NOW.getTime() + 10 * MINUTE).toISOString(),
      },
    ])

    expect(ctx().mailer.sent).toHaveLength(1)
    const [mail] = ctx().mailer.sent
    expect(mail!.to).toBe('Hanako@Example.com')
    expect(mail!.subject).toContain(inquiry.referenceNumber)
    expect(mail!.text).toContain(replyText)
    expect(mail!.text).toContain(inquiry.referenceNumber)
    expect(mail!.text).toContain('http://localhost:3000/sp/common/inquiry')
    // The inquiry's own text is never quoted by the reply.
    expect(mail!.text).not.toContain('山田花子')
    expect(mail!.replyTo).toBeUndefined()

    const stored = await ctx()
      .db.select()
      .from(inquiryReplies)
      .where(eq(inquiryReplies.inquiryId, inquiry.id))
    expect(stored).toMatchObject([
      { text: replyText, mailAddress: 'Hanako@Example.com', operatorId: support.operator.id },
    ])

    const [entry] = await auditOf(inquiry.id)
    expect(entry).toMatchObject({
      action: 'inquiry.replied',
      actor: { operatorId: support.operator.id },
      before: { state: 'new', assigneeId: null },
      after: { state: 'answered', assigneeId: support.operator.id, replyId: page.replies[0].id },
    })
    expect(JSON.stringify(entry)).not.toContain('保存したプリ')
  })

  it('keeps internal notes with the inquiry and never mails them', async () => {
    const inquiry = await sendInquiry()
    const admin = await signedIn('admin')
    ctx().mailer.sent.length = 0
    const noted = await admin.call(adminApi.adminInquiryNote, {
      params: { inquiryId: inquiry.id },
      body: { text: '決済会社に確認中。返事は明日の予定。' },
    })
    expect(noted.statusCode, noted.body).toBe(200)
    expect(noted.json().entity).toMatchObject({
      state: 'new',
      noteCount: 1,
      notes: [{ operator: { operatorId: admin.operator.id }, text: '決済会社に確認中。返事は明日の予定。' }],
    })
    await admin.call(adminApi.adminInquiryReply, {
      params: { inquiryId: inquiry.id },
      body: { text: '確認しております。もうしばらくお待ちください。' },
    })
    expect(ctx().mailer.sent).toHaveLength(1)
    for (const mail of ctx().mailer.sent) {
      expect(mail.text).not.toContain('決済会社に確認中')
      expect(mail.to).not.toBe(SUPPORT_MAIL_ADDRESS)
    }
    expect(await ctx().db.select().from(inquiryNotes)).toHaveLength(1)
    const entries = await auditOf(inquiry.id)
    expect(entries.map((entry) => entry.action)).toEqual(['inquiry.replied', 'inquiry.note-added'])
    expect(JSON.stringify(entries)).not.toContain('決済会社')
  })

  it('keeps nothing when the mail server refuses the reply (INQUIRY_REPLY_NOT_MAILED), and the same reply goes later', async () => {
    const inquiry = await sendInquiry()
    const support = await signedIn('support')
    const mailer = ctx().mailer
    const send = mailer.send
    mailer.send = async () => {
      throw new Error('SMTP down')
    }
    const refused = await support.call(adminApi.adminInquiryReply, {
      params: { inquiryId: inquiry.id },
      body: { text: 'お返事です。' },
    })
    expect(refused.statusCode).toBe(502)
    expect(refused.json().error.code).toBe('INQUIRY_REPLY_NOT_MAILED')
    expect(await ctx().db.select().from(inquiryReplies)).toEqual([])
    const [row] = await ctx().db.select().from(inquiries).where(eq(inquiries.id, inquiry.id))
    expect(row).toMatchObject({ state: 'new', assigneeId: null })
    expect(await auditOf(inquiry.id)).toEqual([])

    mailer.send = send
    const again = await support.call(adminApi.adminInquiryReply, {
      params: { inquiryId: inquiry.id },
      body: { text: 'お返事です。' },
    })
    expect(again.json().entity.replies).toHaveLength(1)
  })

  it('gives an inquiry to a support or admin operator, or to nobody, and sets its state, each step in the audit log', async () => {
    const inquiry = await sendInquiry()
    const admin = await signedIn('admin')
    const support = await signedIn('support')
    const editor = await signedIn('editor')
    const disabled = await signedIn('support')
    await ctx()
      .db.update(operators)
      .set({ disabledAt: TEST_NOW })
      .where(eq(operators.id, disabled.operator.id))

    const assignees = (await support.call(adminApi.adminInquiryAssignees)).json().entity.operators
    expect(assignees.map((row: { operatorId: string }) => row.operatorId).sort()).toEqual(
      [admin.operator.id, support.operator.id].sort(),
    )

    const assigned = await admin.call(adminApi.adminInquiryAssign, {
      params: { inquiryId: inquiry.id },
      body: { assigneeId: support.operator.id, reason: 'payments are hers' },
    })
    expect(assigned.json().entity.assignee).toEqual({
      operatorId: support.operator.id,
      operatorMailAddress: support.operator.mailAddress,
    })
    for (const who of [editor, disabled]) {
      const refused = await admin.call(adminApi.adminInquiryAssign, {
        params: { inquiryId: inquiry.id },
        body: { assigneeId: who.operator.id },
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.code).toBe('INQUIRY_ASSIGNEE_INVALID')
    }
    ctx().clock.advance(MINUTE)
    const working = await support.call(adminApi.adminInquiryState, {
      params: { inquiryId: inquiry.id },
      body: { state: 'in-progress' },
    })
    expect(working.json().entity.state).toBe('in-progress')
    // The state it has already: nothing changes, nothing is recorded.
    await support.call(adminApi.adminInquiryState, {
      params: { inquiryId: inquiry.id },
      body: { state: 'in-progress' },
    })
    ctx().clock.advance(MINUTE)
    await support.call(adminApi.adminInquiryAssign, {
      params: { inquiryId: inquiry.id },
      body: { assigneeId: null, reason: 'on leave' },
    })

    const entries = await auditOf(inquiry.id)
    expect(entries.map((entry) => [entry.action, entry.reason, entry.before, entry.after])).toEqual([
      ['inquiry.assigned', 'on leave', { assigneeId: support.operator.id }, { assigneeId: null }],
      ['inquiry.state-changed', null, { state: 'new' }, { state: 'in-progress' }],
      ['inquiry.assigned', 'payments are hers', { assigneeId: null }, { assigneeId: support.operator.id }],
    ])
    expect(entries[2]!.actor.operatorId).toBe(admin.operator.id)
  })

  it('lets viewers and editors read but not act; both read what a person wrote and where to reach them masked', async () => {
    const inquiry = await sendInquiry({
      topic: 'photos',
      sealIds: ['ABCDE12345'],
      checkedImage: { sealId: 'ABCDE12345', number: 2 },
      date: '2026-11-19',
      machine: 'プリ機A',
    })
    const support = await signedIn('support')
    await support.call(adminApi.adminInquiryNote, {
      params: { inquiryId: inquiry.id },
      body: { text: '山田様に電話済み' },
    })
    await support.call(adminApi.adminInquiryReply, {
      params: { inquiryId: inquiry.id },
      body: { text: '山田様、お返事です。' },
    })

    const viewer = await signedIn('viewer')
    const seen = (await viewer.call(adminApi.adminInquiry, { params: { inquiryId: inquiry.id } })).json()
      .entity
    expect(seen).toMatchObject({
      referenceNumber: inquiry.referenceNumber,
      state: 'answered',
      replyTo: '***',
      assignee: { operatorId: support.operator.id, operatorMailAddress: support.operator.mailAddress },
      draft: {
        text: '***',
        mailAddresses: ['***'],
        sealIds: ['***'],
        checkedImage: { sealId: '***', number: 2 },
        date: '2026-11-19',
        machine: 'プリ機A',
      },
      replies: [
        { mailAddress: '***', text: '***', subject: expect.stringContaining(inquiry.referenceNumber) },
      ],
      notes: [{ text: '***' }],
    })
    expect(JSON.stringify(seen)).not.toMatch(/山田|Hanako|ABCDE/)
    const listed = (
      await viewer.call(adminApi.adminInquiries, { query: { mailAddress: 'hanako@example.com' } })
    ).json().entity.inquiries
    expect(listed).toMatchObject([{ id: inquiry.id, replyTo: '***' }])

    const editor = await signedIn('editor')
    const read = (await editor.call(adminApi.adminInquiry, { params: { inquiryId: inquiry.id } })).json()
      .entity
    expect(read).toMatchObject({ replyTo: '***', draft: { text: '***' } })
    expect(JSON.stringify(read)).not.toMatch(/山田|Hanako|ABCDE/)

    for (const who of [viewer, editor]) {
      for (const [route, body] of [
        [adminApi.adminInquiryAssign, { assigneeId: null }],
        [adminApi.adminInquiryState, { state: 'closed' }],
        [adminApi.adminInquiryReply, { text: 'お返事です。' }],
        [adminApi.adminInquiryNote, { text: 'メモ' }],
      ] as const) {
        const refused = await who.call(route, { params: { inquiryId: inquiry.id }, body })
        expect(refused.statusCode, route.path).toBe(403)
        expect(refused.json().error.code).toBe('FORBIDDEN')
      }
    }
    expect((await ctx().db.select().from(inquiryReplies)).length).toBe(1)
  })

  it('answers INQUIRY_NOT_FOUND for an inquiry that is not there, and refuses a members’ session', async () => {
    const support = await signedIn('support')
    const missing = { inquiryId: randomUUID() }
    for (const [route, body] of [
      [adminApi.adminInquiry, undefined],
      [adminApi.adminInquiryState, { state: 'closed' }],
      [adminApi.adminInquiryReply, { text: 'お返事です。' }],
      [adminApi.adminInquiryNote, { text: 'メモ' }],
    ] as const) {
      const response = await support.call(route, { params: missing, ...(body ? { body } : {}) })
      expect(response.statusCode, route.path).toBe(404)
      expect(response.json().error.code).toBe('INQUIRY_NOT_FOUND')
    }
    expect(ctx().mailer.sent).toEqual([])
    const member = await createMember(ctx().db, ctx().clock)
    const response = await ctx().app.inject(
      injectOptions(adminApi.adminInquiries, {}, { cookie: member.cookie }),
    )
    expect(response.json().error.code).toBe('OPERATOR_UNAUTHENTICATED')
  })
})
