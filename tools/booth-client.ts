/**
 * A booth machine's side of booth ingestion (each play pushed by its machine, with its machine key): plans one play, draws its pictures and
 * pushes it to `POST /booth/v1/seals`. Used by `npm run booth`, the benchmarks, the demo seed, e2e
 * and tests.
 */
import type { BoothMeta } from '@puribox/contract/booth'
import { api } from '@puribox/contract/routes'
import { formatSealId } from '@puribox/contract/seal-id'
import { generatePuriImage } from './booth-images'

export const DEFAULT_URL = 'http://localhost:3000'
export const DEFAULT_KEY = 'dev-booth-key'
export const DEFAULT_SIZE = { width: 1200, height: 1800 } as const

export type PuriMeta = BoothMeta['puris'][number]

export interface PlanOptions {
  /** Pictures in the play, raw ones included. Default 6 (or regular + raw when regular is given). */
  count?: number
  /** Doodled (regular) pictures; an alternative to count. */
  regular?: number
  /** How many pictures are raw (pre-doodle) versions of the doodled ones. Default 2 of 6. */
  raw?: number
  /** Mark every puri as a proof sample (a test print of the machine). */
  proof?: boolean
}

/**
 * The puris of one play: doodled puris numbered 1..n, then raw ones numbered n+1.., the k-th raw
 * puri being the pre-doodle version of doodled puri k (so 4 + 2 gives 5 → 1 and 6 → 2).
 */
export function planPlay(options: PlanOptions = {}): PuriMeta[] {
  let raw: number
  let doodled: number
  if (options.regular !== undefined) {
    raw = options.raw ?? 0
    doodled = options.regular
  } else {
    const count = options.count ?? 6
    raw = options.raw ?? Math.min(2, Math.floor(count / 2))
    doodled = count - raw
  }
  if (!Number.isInteger(doodled) || doodled < 1) {
    throw new RangeError(`a play needs at least one doodled picture (got ${doodled})`)
  }
  if (!Number.isInteger(raw) || raw < 0 || raw > doodled) {
    throw new RangeError(
      `raw must be 0..${doodled}: each raw picture belongs to one doodled picture (got ${raw})`,
    )
  }
  const isProofSample = options.proof ?? false
  const puris: PuriMeta[] = []
  for (let n = 1; n <= doodled; n++) {
    puris.push({ number: n, isRawPuri: false, rawPuriImageNumber: null, isProofSample })
  }
  for (let k = 1; k <= raw; k++) {
    puris.push({ number: doodled + k, isRawPuri: true, rawPuriImageNumber: k, isProofSample })
  }
  return puris
}

/** The `meta` field of a play. */
export function playMeta(
  options: PlanOptions = {},
  shotAt: Date = new Date(),
  machineId?: string,
): BoothMeta {
  return {
    shotAt: shotAt.toISOString(),
    ...(machineId ? { machineId } : {}),
    puris: planPlay(options),
  }
}

/** One puri ready to send: its metadata and its picture. */
export interface PreparedPuri extends PuriMeta {
  image: Buffer
  /** Default image/jpeg. */
  contentType?: string
  /** Default puri-<number>.jpg. */
  filename?: string
}

export interface PreparePlayOptions extends PlanOptions {
  width?: number
  height?: number
  /** Varies the pictures between plays; the same seed gives the same pictures. Default: random. */
  seed?: number
  /** Pictures already drawn, by puri number (the others are drawn). */
  images?: ReadonlyMap<number, Buffer>
}

/** Plans a play and draws its pictures (a raw puri is the same shot as its doodled one, undoodled). */
export async function preparePlay(options: PreparePlayOptions = {}): Promise<PreparedPuri[]> {
  const width = options.width ?? DEFAULT_SIZE.width
  const height = options.height ?? DEFAULT_SIZE.height
  const seed = options.seed ?? Math.floor(Math.random() * 1_000_000)
  return Promise.all(
    planPlay(options).map(async (puri) => ({
      ...puri,
      image:
        options.images?.get(puri.number) ??
        (await generatePuriImage({
          number: puri.number,
          width,
          height,
          seed: seed + (puri.rawPuriImageNumber ?? puri.number),
          raw: puri.isRawPuri,
          proof: puri.isProofSample,
        })),
    })),
  )
}

export interface PushPlayOptions extends PreparePlayOptions {
  /** PuriBox base URL. Default: env PURIBOX_URL, else http://localhost:3000. */
  url?: string
  /** Machine key. Default: env BOOTH_KEY, else dev-booth-key. */
  key?: string
  /** Puris to send exactly as given (the plan and drawing options are then ignored). */
  puris?: PreparedPuri[]
  /** Default: now. */
  shotAt?: Date | string
  machineId?: string
  /** Give up after this many milliseconds. Default 60 s. */
  timeoutMs?: number
}

export interface PushPlayResult {
  status: number
  sealId: string
  /** `XXXXX-XXXXX`, as printed on the sticker sheet. */
  formattedSealId: string
  /** `YYYY-MM-DDTHH:mm:ss`, Japan time. */
  sealExpireDate: string
  /** The guest preview page of the seal. */
  previewUrl: string
  /**
   * The play's own get address as the server answers it (`<PUBLIC_URL>/sp/puri/get?sealId=…&from=qr`),
   * printed as a QR code on the sheet (decision 0043).
   */
  puriGetUrl: string
  puris: PuriMeta[]
  /** Time of the HTTP request alone (pictures already drawn). */
  elapsedMs: number
}

/**
 * The play was not accepted. `code` is the API's error code (BOOTH_META_INVALID, IMAGE_INVALID,
 * MACHINE_KEY_INVALID, …), or SERVER_UNREACHABLE / TIMEOUT (status 0) / BAD_RESPONSE.
 */
export class BoothError extends Error {
  override readonly name = 'BoothError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly url: string,
  ) {
    super(message)
  }
}

function metaOf(puri: PuriMeta): PuriMeta {
  const { number, isRawPuri, rawPuriImageNumber, isProofSample } = puri
  return { number, isRawPuri, rawPuriImageNumber, isProofSample }
}

/** The multipart body of a play: `meta` JSON, then one `puri-<number>` file per puri. */
export function playFormData(puris: readonly PreparedPuri[], meta: Omit<BoothMeta, 'puris'>): FormData {
  const body: BoothMeta = { ...meta, puris: puris.map(metaOf) }
  const form = new FormData()
  form.append('meta', JSON.stringify(body))
  for (const puri of puris) {
    form.append(
      `puri-${puri.number}`,
      new Blob([new Uint8Array(puri.image)], { type: puri.contentType ?? 'image/jpeg' }),
      puri.filename ?? `puri-${puri.number}.jpg`,
    )
  }
  return form
}

/** Pushes one play to PuriBox. Resolves with the seal on 201; rejects with a BoothError otherwise. */
export async function pushPlay(options: PushPlayOptions = {}): Promise<PushPlayResult> {
  const url = (options.url ?? process.env.PURIBOX_URL ?? DEFAULT_URL).replace(/\/+$/, '')
  const key = options.key ?? process.env.BOOTH_KEY ?? DEFAULT_KEY
  const puris = options.puris ?? (await preparePlay(options))
  const shotAt = options.shotAt ?? new Date()
  const form = playFormData(puris, {
    shotAt: typeof shotAt === 'string' ? shotAt : shotAt.toISOString(),
    ...(options.machineId ? { machineId: options.machineId } : {}),
  })

  const started = performance.now()
  let response: Response
  try {
    response = await fetch(`${url}${api.boothPlay.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    })
  } catch (error) {
    const err = error as Error & { cause?: { code?: string; message?: string } }
    if (err.name === 'TimeoutError' || err.name === 'AbortError') {
      throw new BoothError(0, 'TIMEOUT', `no answer from ${url} in time`, url)
    }
    const cause = err.cause?.code ?? err.cause?.message ?? err.message
    throw new BoothError(0, 'SERVER_UNREACHABLE', `cannot reach ${url} (${cause})`, url)
  }
  const text = await response.text()
  const elapsedMs = Math.round(performance.now() - started)

  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const wrapper = body as
    | {
        entity?: { sealId?: unknown; sealExpireDate?: unknown; puriGetUrl?: unknown } | null
        error?: { code?: unknown; message?: unknown } | null
      }
    | undefined

  const entity = wrapper?.entity
  if (
    response.status === 201 &&
    typeof entity?.sealId === 'string' &&
    typeof entity.puriGetUrl === 'string'
  ) {
    return {
      status: response.status,
      sealId: entity.sealId,
      formattedSealId: formatSealId(entity.sealId),
      sealExpireDate: String(entity.sealExpireDate ?? ''),
      previewUrl: `${url}/web/preview?sealId=${encodeURIComponent(entity.sealId)}`,
      puriGetUrl: entity.puriGetUrl,
      puris: puris.map(metaOf),
      elapsedMs,
    }
  }
  if (wrapper?.error && typeof wrapper.error.code === 'string') {
    throw new BoothError(response.status, wrapper.error.code, String(wrapper.error.message ?? ''), url)
  }
  throw new BoothError(
    response.status,
    'BAD_RESPONSE',
    `unexpected answer (HTTP ${response.status}): ${text.slice(0, 300)}`,
    url,
  )
}
