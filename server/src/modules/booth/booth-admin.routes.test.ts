import { asc, count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { encodeShiftJis, TEST_MODEL as MODEL, TEST_SHOP as SHOP, SHOPS_CSV } from '../../test/booths'
import { SAME_ORIGIN_HEADERS } from '../../test/contract-requests'
import { buildBoothMeta, buildBoothRequest } from '../../test/factories'
import { TEST_NOW, useTestApp } from '../../test/harness'
import { createOperator, createOperatorSession } from '../../test/operators'
import type { OperatorRole } from '../actor'
import { auditLog } from '../audit/audit.schema'
import { machineKeys, shops } from './booth.schema'
import { hashMachineKey } from './booth.service'

describe('the console registers a booth: /admin/api/booths', () => {
  const ctx = useTestApp()

  /** A signed-in operator of the role, and a request function with their console cookie. */
  async function signedIn(role: OperatorRole) {
    const { db, clock, app } = ctx()
    const { operator } = await createOperator(db, { role })
    const { cookie } = await createOperatorSession(db, clock, operator.id)
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
      app.inject({
        method,
        url,
        headers: { ...SAME_ORIGIN_HEADERS, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
        remoteAddress: '203.0.113.9',
      })
    const upload = (file: Buffer, contentType = 'text/csv') =>
      app.inject({
        method: 'POST',
        url: '/admin/api/booths/shops/import',
        headers: { ...SAME_ORIGIN_HEADERS, cookie, 'content-type': contentType },
        payload: file,
      })
    return { operator, call, upload }
  }

  function push(key: string, body: { payload: Buffer; headers: Record<string, string> }) {
    return ctx().app.inject({
      method: 'POST',
      url: '/booth/v1/seals',
      headers: { ...body.headers, authorization: `Bearer ${key}` },
      payload: body.payload,
    })
  }

  it('takes a booth from nothing to pushing plays, and a revoked key is refused at once', async () => {
    const editor = await signedIn('editor')
    const admin = await signedIn('admin')
    expect((await editor.call('POST', '/admin/api/booths/models', MODEL)).statusCode).toBe(200)
    const shopAnswer = await editor.call('POST', '/admin/api/booths/shops', SHOP)
    expect(shopAnswer.statusCode).toBe(200)
    const shop = shopAnswer.json().entity
    expect(shop).toMatchObject({
      prefectureName: '東京都',
      machineCount: 0,
      createdAt: TEST_NOW.toISOString(),
    })
    const machineAnswer = await editor.call('POST', `/admin/api/booths/shops/${shop.id}/machines`, {
      id: 'shibuya-1',
      modelId: MODEL.id,
    })
    expect(machineAnswer.json().entity).toMatchObject({ id: 'shibuya-1', liveKeys: 0, lastPushAt: null })

    // An editor manages booths but may not make keys.
    const refused = await editor.call('POST', '/admin/api/booths/machines/shibuya-1/keys')
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'FORBIDDEN'])
    const issued = await admin.call('POST', '/admin/api/booths/machines/shibuya-1/keys')
    expect(issued.statusCode).toBe(200)
    expect(issued.headers['cache-control']).toBe('private, no-store')
    const { key, id: keyId } = issued.json().entity
    expect(key).toMatch(/^pbmk_[A-Za-z0-9_-]{43}$/)
    // Only the hash is kept.
    expect(await ctx().db.select({ keyHash: machineKeys.keyHash }).from(machineKeys)).toEqual([
      { keyHash: hashMachineKey(key) },
    ])

    const play = await push(
      key,
      await buildBoothRequest({ meta: buildBoothMeta({}, new Date(TEST_NOW.getTime() - 60_000)) }),
    )
    expect(play.statusCode).toBe(201)
    const detail = (await editor.call('GET', '/admin/api/booths/machines/shibuya-1')).json().entity
    expect(detail.machine.liveKeys).toBe(1)
    expect(detail.machine.lastPushAt).not.toBeNull()
    expect(detail.keys).toEqual([{ id: keyId, createdAt: TEST_NOW.toISOString(), revokedAt: null }])
    expect(JSON.stringify(detail)).not.toContain(key)

    const revoked = await admin.call('POST', `/admin/api/booths/machines/shibuya-1/keys/${keyId}/revoke`, {
      reason: 'the booth was stolen',
    })
    expect(revoked.json().entity).toEqual({
      id: keyId,
      createdAt: TEST_NOW.toISOString(),
      revokedAt: TEST_NOW.toISOString(),
    })
    const after = await push(
      key,
      await buildBoothRequest({ meta: buildBoothMeta({}, new Date(TEST_NOW.getTime() - 60_000)) }),
    )
    expect([after.statusCode, after.json().error.code]).toEqual([401, 'MACHINE_KEY_INVALID'])

    // Each change has its audit entry: who, from where, what, and why.
    const entries = await ctx().db.select().from(auditLog).orderBy(asc(auditLog.id))
    expect(
      entries.map((entry) => [entry.action, entry.targetKind, entry.targetId, entry.operatorId]),
    ).toEqual([
      ['booth.machine-model-created', 'machine-model', 'milky-star', editor.operator.id],
      ['booth.shop-created', 'shop', shop.id, editor.operator.id],
      ['booth.machine-created', 'machine', 'shibuya-1', editor.operator.id],
      ['booth.machine-key-issued', 'machine', 'shibuya-1', admin.operator.id],
      ['booth.machine-key-revoked', 'machine', 'shibuya-1', admin.operator.id],
    ])
    expect(entries[4]).toMatchObject({
      reason: 'the booth was stolen',
      clientIp: '203.0.113.9',
      actorKind: 'operator',
    })
    expect(JSON.stringify(entries)).not.toContain(key)
    expect(JSON.stringify(entries)).not.toContain(hashMachineKey(key))
  })

  it('lets a viewer read and change nothing', async () => {
    const editor = await signedIn('editor')
    const viewer = await signedIn('viewer')
    await editor.call('POST', '/admin/api/booths/models', MODEL)
    const shop = (await editor.call('POST', '/admin/api/booths/shops', SHOP)).json().entity
    const list = await viewer.call('GET', '/admin/api/booths/shops?q=%E6%B8%8B%E8%B0%B7&limit=10')
    expect(list.json().entity).toMatchObject({
      shops: [{ id: shop.id, name: 'ゲームランド渋谷' }],
      next: null,
    })
    expect((await viewer.call('GET', '/admin/api/booths/models')).json().entity.models).toHaveLength(1)
    for (const [method, url, body] of [
      ['POST', '/admin/api/booths/models', { ...MODEL, id: 'other' }],
      ['PUT', `/admin/api/booths/shops/${shop.id}`, { openingHours: '' }],
      ['POST', `/admin/api/booths/shops/${shop.id}/machines`, { id: 'm-1', modelId: MODEL.id }],
    ] as const) {
      const answer = await viewer.call(method, url, body)
      expect([answer.statusCode, answer.json().error.code], url).toEqual([403, 'FORBIDDEN'])
    }
    expect((await viewer.upload(Buffer.from(SHOPS_CSV))).json().error.code).toBe('FORBIDDEN')
  })

  it('imports a Shift_JIS shops file once, and refuses a bad one whole with its rows and columns', async () => {
    const editor = await signedIn('editor')
    const first = await editor.upload(encodeShiftJis(SHOPS_CSV))
    expect(first.statusCode).toBe(200)
    expect(first.json().entity).toEqual({ rows: 3, created: 3, changed: 0, unchanged: 0 })
    const again = await editor.upload(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SHOPS_CSV)]),
      'text/csv; charset=utf-8',
    )
    expect(again.json().entity).toEqual({ rows: 3, created: 0, changed: 0, unchanged: 3 })

    const bad = await editor.upload(Buffer.from(`${SHOPS_CSV}\r\nプリ館,48,沖縄県,那覇市,牧志1-1,,,`))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatchObject({
      code: 'SHOP_IMPORT_INVALID',
      importProblems: [{ row: 5, column: 'prefectureCode', code: 'PREFECTURE_CODE_INVALID' }],
    })
    expect((await ctx().db.select({ n: count() }).from(shops))[0]!.n).toBe(3)

    const json = await editor.call('POST', '/admin/api/booths/shops/import', { file: SHOPS_CSV })
    expect([json.statusCode, json.json().error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
  })
})
