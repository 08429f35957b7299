import { shopSearchSchema } from '@puribox/contract/machines'
import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createMachineModel, createSession, createShop } from '../../test/factories'
import { useTestApp } from '../../test/harness'
import { machineModels, machines, shops } from './booth.schema'

describe('machine models, shops and the shop search', () => {
  const ctx = useTestApp()
  const get = (url: string) => ctx().app.inject({ method: 'GET', url })

  it('lists the models, newest first, each with its shops; only the kept ones when asked', async () => {
    const kept = await createMachineModel(ctx().db, { releasedOn: '2026-05-01', sampleCount: 2 })
    const old = await createMachineModel(ctx().db, { releasedOn: '2021-05-01', supportsIdFederation: false })
    await createShop(ctx().db, {}, [kept.id])
    await createShop(ctx().db, {}, [kept.id, old.id])
    const all = (await get('/sp/2/machines/models')).json().entity.entry
    expect(all.map((m: { id: string }) => m.id)).toEqual([kept.id, old.id])
    expect(all[0].shopCount).toBe(2)
    expect(all[0].samples).toEqual([
      `/sp/2/machines/samples/${kept.id}-1.jpg`,
      `/sp/2/machines/samples/${kept.id}-2.jpg`,
    ])
    const onlyKept = (await get('/sp/2/machines/models?isIdFederationSupported=true')).json().entity.entry
    expect(onlyKept.map((m: { id: string }) => m.id)).toEqual([kept.id])
    expect((await get('/sp/2/machines/models?isIdFederationSupported=yes')).json().error.code).toBe(
      'VALIDATION_FAILED',
    )
  })

  it('a model with a few of its shops; an unknown or odd id is MACHINE_NOT_FOUND', async () => {
    const model = await createMachineModel(ctx().db)
    const shop = await createShop(ctx().db, { name: 'プリスポット 渋谷店' }, [model.id])
    const response = await get(`/sp/2/machines/model/${model.id}`)
    expect(response.statusCode).toBe(200)
    const { entity } = response.json()
    expect(entity.model.name).toBe(model.name)
    expect(entity.shops).toEqual([
      expect.objectContaining({
        id: shop.id,
        name: 'プリスポット 渋谷店',
        position: { lat: 35.66, lng: 139.7 },
        distanceMeters: null,
        models: [{ id: model.id, name: model.name }],
      }),
    ])
    for (const id of ['no-such-model', 'UPPER', '%E3%81%82', 'a'.repeat(64)]) {
      const missing = await get(`/sp/2/machines/model/${id}`)
      expect(missing.statusCode, id).toBe(404)
      expect(missing.json().error.code, id).toBe('MACHINE_NOT_FOUND')
    }
    expect((await get(`/sp/2/machines/model/${'a'.repeat(200)}`)).statusCode).toBe(400)
  })

  it('searches by prefecture, city, keyword (kana alike) and model, 20 a page', async () => {
    const model = await createMachineModel(ctx().db, { name: '花よめフォト', nameKana: 'ハナヨメフォト' })
    for (let i = 0; i < 23; i++) await createShop(ctx().db, { name: `プリスポット 渋谷${i}` }, [model.id])
    await createShop(ctx().db, {
      name: 'ゲームプラザ 梅田店',
      prefectureCode: 27,
      prefectureName: '大阪府',
      city: '大阪市北区',
      latitude: 34.7,
      longitude: 135.5,
    })
    const first = (await get('/sp/2/machines/shops?prefecture=13')).json().entity
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 23, hasMore: true, near: false })
    expect(first.shops).toHaveLength(20)
    const second = (await get('/sp/2/machines/shops?prefecture=13&page=2')).json().entity
    expect(second.shops).toHaveLength(3)
    expect((await get('/sp/2/machines/shops?prefecture=13&page=3')).json().entity.shops).toEqual([])
    const city = (
      await get(`/sp/2/machines/shops?prefecture=27&city=${encodeURIComponent('大阪市北区')}`)
    ).json()
    expect(city.entity.shops.map((s: { name: string }) => s.name)).toEqual(['ゲームプラザ 梅田店'])
    const kana = await get(`/sp/2/machines/shops?keyword=${encodeURIComponent('ぷりすぽっと')}`)
    expect(kana.json().entity.total).toBe(23)
    const reading = await get(`/sp/2/machines/shops?keyword=${encodeURIComponent('はなよめ')}`)
    expect(reading.json().entity.total).toBe(23)
    expect((await get(`/sp/2/machines/shops?modelId=${model.id}`)).json().entity.total).toBe(23)
    const cities = (await get('/sp/2/machines/cities?prefecture=27')).json().entity.entry
    expect(cities).toEqual([{ name: '大阪市北区', shopCount: 1 }])
  })

  it('a keyword: names first, then addresses, then models; with homePrefecture, that prefecture first', async () => {
    const milky = await createMachineModel(ctx().db, { name: 'ミルキーガール', nameKana: 'ミルキーガール' })
    // In the directory's order (by prefecture code) the model's match in Hokkaido would come first.
    const byModel = await createShop(
      ctx().db,
      { name: 'プリランド 札幌店', prefectureCode: 1, prefectureName: '北海道', city: '札幌市中央区' },
      [milky.id],
    )
    const byAddress = await createShop(ctx().db, { name: 'ゲームプラザ 渋谷店', address: 'みるきー通り1-1' })
    const byName = await createShop(ctx().db, {
      name: 'ミルキーランド 梅田店',
      prefectureCode: 27,
      prefectureName: '大阪府',
      city: '大阪市北区',
    })
    await createShop(ctx().db, { name: 'ほかの店' })
    const ids = async (query: string) =>
      (await get(`/sp/2/machines/shops?${query}`)).json().entity.shops.map((shop: { id: string }) => shop.id)
    const keyword = `keyword=${encodeURIComponent('ミルキー')}`
    expect(await ids(keyword)).toEqual([byName.id, byAddress.id, byModel.id])
    // A member in Tokyo: Tokyo's first, then the others by how well they match.
    expect(await ids(`${keyword}&homePrefecture=13`)).toEqual([byAddress.id, byName.id, byModel.id])
    // No keyword: the home prefecture first, then the directory's order.
    expect(await ids(`modelId=${milky.id}&homePrefecture=27`)).toEqual([byModel.id])
    const everyShop = await ids(`${keyword}&homePrefecture=1`)
    expect(everyShop[0]).toBe(byModel.id)
    // The prefecture searched in decides what is found; the home one changes nothing there.
    expect(await ids(`prefecture=27&${keyword}&homePrefecture=13`)).toEqual([byName.id])
    // A city is an address too: found by the keyword, as people name a place.
    expect(await ids(`keyword=${encodeURIComponent('大阪')}`)).toEqual([byName.id])
    expect((await get('/sp/2/machines/shops?keyword=x&homePrefecture=48')).json().error.code).toBe(
      'VALIDATION_FAILED',
    )
  })

  it('near me: the nearest first with distances; outside Japan and odd positions are typed errors', async () => {
    // A name holding the distance field's text does not confuse the page assembled from JSON parts.
    const far = await createShop(ctx().db, {
      name: '遠い"distanceMeters":null店',
      latitude: 35.7,
      longitude: 139.7,
    })
    const near = await createShop(ctx().db, { name: '近い店', latitude: 35.6581, longitude: 139.7017 })
    await createShop(ctx().db, { name: '位置なし', latitude: null, longitude: null })
    const response = await get('/sp/2/machines/shops?lat=35.658&lng=139.7016')
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const answer = response.json().entity
    expect(answer).toMatchObject({ near: true, total: 2, hasMore: false })
    expect(answer.shops.map((s: { id: string }) => s.id)).toEqual([near.id, far.id])
    expect(answer.shops[0].distanceMeters).toBeLessThan(50)
    expect(answer.shops[1].distanceMeters).toBeGreaterThan(4000)
    expect(answer.shops[1].name).toBe('遠い"distanceMeters":null店')
    // The page is assembled from each shop's JSON: it is exactly what the contract's schema gives.
    expect(shopSearchSchema.strict().parse(answer)).toEqual(answer)
    // The answer is written from each shop's encoded bytes: byte for byte what the schema gives.
    expect(response.body).toBe(
      JSON.stringify({ entity: shopSearchSchema.encode(answer), error: null, clock: null }),
    )
    for (const [query, code] of [
      ['lat=48.85&lng=2.35', 'POSITION_OUTSIDE_JAPAN'],
      ['lat=0&lng=0', 'POSITION_OUTSIDE_JAPAN'],
      ['lat=35.6', 'VALIDATION_FAILED'],
      ['lat=abc&lng=139.7', 'VALIDATION_FAILED'],
      ['lat=1e400&lng=139.7', 'VALIDATION_FAILED'],
      ['lat=95&lng=139.7', 'VALIDATION_FAILED'],
      ['prefecture=48', 'VALIDATION_FAILED'],
      ['prefecture=1.5', 'VALIDATION_FAILED'],
      ['page=0', 'VALIDATION_FAILED'],
      ['page=99999999999', 'VALIDATION_FAILED'],
      [`keyword=${'あ'.repeat(51)}`, 'VALIDATION_FAILED'],
      ['cities', 'VALIDATION_FAILED'],
    ]) {
      const url = query === 'cities' ? '/sp/2/machines/cities' : `/sp/2/machines/shops?${query}`
      const response = await get(url)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().error.code, query).toBe(code)
    }
  })

  it('serves a sample picture with long cache headers; an unknown name is NOT_FOUND', async () => {
    await ctx().storage.put('machine-samples/milky-girl-1.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]))
    const picture = await get('/sp/2/machines/samples/milky-girl-1.jpg')
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/jpeg')
    expect(picture.headers['cache-control']).toBe('public, max-age=604800')
    for (const name of ['milky-girl-2.jpg', '..%2Fsecret-1.jpg', 'x.png', 'milky-girl-1.jpg.exe']) {
      expect((await get(`/sp/2/machines/samples/${name}`)).json().error.code, name).toBe('NOT_FOUND')
    }
  })

  it('the demo seed: a dozen models with pictures, hundreds of shops in every prefecture, written once', async () => {
    const started = performance.now()
    await ctx().app.seedDemo()
    const firstSeed = performance.now() - started
    const [shopRows] = await ctx().db.select({ n: count() }).from(shops)
    const [modelRows] = await ctx().db.select({ n: count() }).from(machineModels)
    const [machineRows] = await ctx().db.select({ n: count() }).from(machines)
    expect(shopRows!.n).toBeGreaterThan(400)
    expect(modelRows!.n).toBe(12)
    const cities = await Promise.all(
      Array.from({ length: 47 }, async (_, i) =>
        (await get(`/sp/2/machines/cities?prefecture=${i + 1}`)).json(),
      ),
    )
    for (const answer of cities) expect(answer.entity.entry.length).toBeGreaterThan(0)
    // The demo machine is a milky-girl, of the milky series, which has another model too.
    const milky = (await get('/sp/2/machines/models'))
      .json()
      .entity.entry.filter((m: { seriesId: string }) => m.seriesId === 'milky')
    expect(milky.length).toBeGreaterThanOrEqual(2)
    const demo = (await get('/sp/2/machines/model/milky-girl')).json().entity
    expect(demo.model.samples).toHaveLength(3)
    const sample = await get(demo.model.samples[0])
    expect(sample.headers['content-type']).toBe('image/jpeg')
    expect(sample.rawPayload.length).toBeGreaterThan(1000)
    const shibuya = (await get('/sp/2/machines/shops?lat=35.66&lng=139.698&modelId=milky-girl')).json().entity
    expect(shibuya.shops[0].name).toBe('プリボックス 渋谷センター街店')

    const again = performance.now()
    await ctx().app.seedDemo()
    const secondSeed = performance.now() - again
    const [after] = await ctx().db.select({ n: count() }).from(machines)
    expect(after!.n).toBe(machineRows!.n)
    expect(secondSeed).toBeLessThan(firstSeed)
  })

  it('near me writes distances of every length as the schema would: 0 m to tens of kilometres', async () => {
    // North of the (rounded) position by 0, ~1, ~11, ~111 m, ~1.1, ~11 and ~44 km.
    const offsets = [0, 0.00001, 0.0001, 0.001, 0.01, 0.1, 0.4]
    for (const [n, offset] of offsets.entries()) {
      await createShop(ctx().db, { name: `距離${n}`, latitude: 35.658 + offset, longitude: 139.702 })
    }
    const response = await get('/sp/2/machines/shops?lat=35.658&lng=139.702')
    const answer = response.json().entity
    const distances = answer.shops.map((shop: { distanceMeters: number }) => shop.distanceMeters)
    expect(distances.map((d: number) => String(d).length)).toEqual([1, 1, 2, 3, 4, 5, 5])
    expect(distances[0]).toBe(0)
    expect(response.body).toBe(
      JSON.stringify({ entity: shopSearchSchema.encode(answer), error: null, clock: null }),
    )
  })
})

describe('the shop search of a caller who time travels', () => {
  const ctx = useTestApp({ timeTravel: true })

  it("carries the caller's clock in the answer written as bytes", async () => {
    await createShop(ctx().db, { name: 'プリスポット 渋谷店' })
    const { cookie } = await createSession(ctx().db, ctx().clock, {
      timeTravelTo: new Date('2026-12-24T09:00:00Z'),
    })
    const response = await ctx().app.inject({
      method: 'GET',
      url: '/sp/2/machines/shops?prefecture=13',
      headers: { cookie },
    })
    const body = response.json()
    expect(body.clock).toEqual({ date: '2026-12-24T18:00:00' })
    expect(body.entity.shops.map((s: { name: string }) => s.name)).toEqual(['プリスポット 渋谷店'])
    expect(response.body).toBe(
      JSON.stringify({ entity: shopSearchSchema.encode(body.entity), error: null, clock: body.clock }),
    )
  })
})
