/**
 * The `mypage` benchmark's data and thumbnail sizes, through the running server's own HTTP routes:
 * real plays pushed by the booth client (so every thumbnail is a real derived file), a PREMIUM demo
 * member signed in by password who saves every one of them.
 */
import { pushPlay } from '../tools/booth-client'

/** The demo seed's premium member (docs/guide/ground-rules.md). */
const PREMIUM = { mailAddress: 'premium@demo.puribox.jp', password: 'puribox-demo-1' }
/** Plays drawn and pushed at once: the server derives each play's sizes in parallel anyway. */
const PUSHES_AT_ONCE = 4

export interface MypageFixtures {
  /** Cookie header of the signed-in premium member. */
  cookie: string
  sealIds: string[]
  /** Puris the member holds after saving every seal. */
  savedPuris: number
}

async function answer(response: Response, what: string): Promise<unknown> {
  const text = await response.text()
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 200)}`)
  return JSON.parse(text) as unknown
}

/** Signs in by password (`POST /sp//ajax/login/`) and answers the session cookie as a Cookie header. */
async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/sp//ajax/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(PREMIUM),
  })
  await answer(response, 'sign-in of the premium demo member')
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!)
  if (cookies.length === 0) throw new Error('sign-in answered no session cookie')
  return cookies.join('; ')
}

/**
 * Pushes `plays` plays of `perPlay` puris (4 doodled + 2 raw for 6) with the booth client, then
 * saves every seal to the premium demo member with `POST /sp/2/seals/{id}/registrations`.
 */
export async function seedMypage(options: {
  url: string
  plays: number
  perPlay: number
}): Promise<MypageFixtures> {
  const { url, plays, perPlay } = options
  const sealIds: string[] = []
  for (let first = 0; first < plays; first += PUSHES_AT_ONCE) {
    const batch = Array.from({ length: Math.min(PUSHES_AT_ONCE, plays - first) }, (_, i) =>
      pushPlay({ url, count: perPlay, seed: 10_000 + (first + i) * 100, timeoutMs: 120_000 }),
    )
    for (const play of await Promise.all(batch)) sealIds.push(play.sealId)
  }
  const cookie = await signIn(url)
  // One after another, oldest first: my page lists the newest registration first.
  for (const sealId of sealIds) {
    const saved = (await answer(
      await fetch(`${url}/sp/2/seals/${sealId}/registrations`, {
        method: 'POST',
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
      }),
      `saving seal ${sealId}`,
    )) as { entity?: { savedCount?: number } | null }
    if (saved.entity?.savedCount !== perPlay) {
      throw new Error(`saving seal ${sealId} saved ${saved.entity?.savedCount} puris, expected ${perPlay}`)
    }
  }
  // What my page will list, counted from the plays API.
  let savedPuris = 0
  for (const play of await listSavedPlays(url, cookie)) savedPuris += play.images.length
  if (savedPuris !== plays * perPlay) {
    throw new Error(`the member holds ${savedPuris} saved puris, expected ${plays * perPlay}`)
  }
  return { cookie, sealIds, savedPuris }
}

interface SavedPlayAnswer {
  sealId: string
  images: { imageId: string; thumbnailUrl: string }[]
}

/** Every play on the member's my page, all pages of `GET /sp/2/mypage/plays`. */
export async function listSavedPlays(url: string, cookie: string): Promise<SavedPlayAnswer[]> {
  const plays: SavedPlayAnswer[] = []
  for (let page = 1; ; page++) {
    const body = (await answer(
      await fetch(`${url}/sp/2/mypage/plays?page=${page}`, {
        headers: { cookie, accept: 'application/json' },
      }),
      `my page's plays, page ${page}`,
    )) as { entity: { totalPage: number; items: SavedPlayAnswer[] } }
    plays.push(...body.entity.items)
    if (page >= body.entity.totalPage) return plays
  }
}

export interface ThumbnailSizes {
  count: number
  jpegBytes: number[]
  webpBytes: number[]
}

/**
 * The byte size of every thumbnail on the member's my page, once as the JPEG (`Accept: image/jpeg`)
 * and once as the WebP (`Accept` with `image/webp`, as Chromium sends it); checks the content types.
 */
export async function measureThumbnails(url: string, cookie: string): Promise<ThumbnailSizes> {
  const thumbnails = (await listSavedPlays(url, cookie)).flatMap((play) =>
    play.images.map((i) => i.thumbnailUrl),
  )
  const sizeOf = async (path: string, accept: string, type: string) => {
    const response = await fetch(`${url}${path}`, { headers: { cookie, accept } })
    const body = Buffer.from(await response.arrayBuffer())
    if (!response.ok) throw new Error(`${path} (${type}): HTTP ${response.status}`)
    if (response.headers.get('content-type') !== type) {
      throw new Error(
        `${path}: ${response.headers.get('content-type')} for Accept ${accept}, expected ${type}`,
      )
    }
    return body.length
  }
  const jpegBytes: number[] = []
  const webpBytes: number[] = []
  for (const path of thumbnails) {
    jpegBytes.push(await sizeOf(path, 'image/jpeg,*/*;q=0.8', 'image/jpeg'))
    webpBytes.push(await sizeOf(path, 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/webp'))
  }
  return { count: thumbnails.length, jpegBytes, webpBytes }
}
