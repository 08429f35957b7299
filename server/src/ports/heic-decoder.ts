import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** What decoding a HEIC (HEVC-coded HEIF) picture found. */
export type HeicCheck = 'OK' | 'UNREADABLE' | 'TOO_MANY_PIXELS'

/**
 * sharp's prebuilt libvips reads the HEIF container but has no HEVC decoder (a patent question), so
 * an iPhone's HEIC is decoded by libheif compiled to WebAssembly (libheif-js, pure WASM: nothing to
 * build or download at install time).
 *
 * The decode runs in a worker thread made for that one picture:
 * - libheif-js decodes synchronously: a 12-megapixel photo takes seconds of CPU, which on the main
 *   thread would stall every other request;
 * - a WebAssembly heap only grows: ending the worker gives its memory back, where a long-lived
 *   decoder would keep the largest picture's worth for ever;
 * - the Emscripten build prints its errors to the console; the worker's output goes nowhere.
 *
 * Only the primary image is decoded (what a viewer shows), in its own colour format (YCbCr as coded,
 * no RGB conversion: about 1.5 bytes a pixel), after its size has been checked against the limit.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
let heif = null
try {
  heif = require(workerData.modulePath)
} catch (error) {
  parentPort.postMessage({ broken: String(error && error.message ? error.message : error) })
}
async function check(data, maxPixels) {
  const context = heif.heif_context_alloc()
  if (!context) throw new Error('libheif: no context')
  try {
    const read = heif.heif_context_read_from_memory(context, data)
    if (read.code !== heif.heif_error_code.heif_error_Ok) return 'UNREADABLE'
    const handle = heif.heif_js_context_get_primary_image_handle(context)
    if (!handle || handle.code) return 'UNREADABLE'
    try {
      const width = heif.heif_image_handle_get_width(handle)
      const height = heif.heif_image_handle_get_height(handle)
      if (!(width > 0 && height > 0)) return 'UNREADABLE'
      if (width * height > maxPixels) return 'TOO_MANY_PIXELS'
      const image = await heif.heif_js_decode_image2(
        handle,
        heif.heif_colorspace.heif_colorspace_undefined,
        heif.heif_chroma.heif_chroma_undefined,
      )
      if (!image || image.code || !image.channels || image.channels.length === 0) return 'UNREADABLE'
      heif.heif_image_release(image.image)
      return 'OK'
    } finally {
      heif.heif_image_handle_release(handle)
    }
  } finally {
    heif.heif_context_free(context)
  }
}
if (heif) {
  check(workerData.data, workerData.maxPixels).then(
    (result) => parentPort.postMessage({ result }),
    // libheif answers damaged input with an error code, but the bindings may also throw on it.
    () => parentPort.postMessage({ result: 'UNREADABLE' }),
  )
}
`

/** The libheif-js entry with the WebAssembly inside the script (no .wasm file to find beside it). */
const LIBHEIF_MODULE = createRequire(import.meta.url).resolve('libheif-js/wasm-bundle')

/**
 * A phone's HEIC decodes in seconds here (12 megapixels of noise, the hardest case: about 2.8 s); a
 * picture still decoding after this is refused rather than left to hold a core.
 */
const DECODE_TIMEOUT_MS = 30_000

/**
 * One decode at a time per process: each can take a couple of hundred MB and most of a core, and
 * HEIC certificates are few (iPhones send JPEG from a file input unless asked not to). The next one
 * waits for the one before to finish.
 */
let queue: Promise<unknown> = Promise.resolve()

function decodeInWorker(data: Buffer, maxPixels: number): Promise<HeicCheck> {
  return new Promise<HeicCheck>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath: LIBHEIF_MODULE, data, maxPixels },
      stdout: true,
      stderr: true,
    })
    // Read and dropped: libheif's own messages about a damaged file are not the server's log.
    worker.stdout.resume()
    worker.stderr.resume()
    let settled = false
    const settle = (finish: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      finish()
      void worker.terminate()
    }
    const timer = setTimeout(() => settle(() => resolve('UNREADABLE')), DECODE_TIMEOUT_MS)
    worker.on('message', (message: { result?: HeicCheck; broken?: string }) => {
      if (message.broken !== undefined) {
        settle(() => reject(new Error(`libheif-js does not load: ${message.broken}`)))
      } else {
        settle(() => resolve(message.result ?? 'UNREADABLE'))
      }
    })
    // The worker died (out of memory inside the decoder, say): the picture is not one we can read.
    worker.on('error', () => settle(() => resolve('UNREADABLE')))
    worker.on('exit', () => settle(() => resolve('UNREADABLE')))
  })
}

/** Decodes every pixel of the primary image of a HEIC picture, within `maxPixels`. */
export function checkHeic(data: Buffer, limits: { maxPixels: number }): Promise<HeicCheck> {
  const run = queue.then(() => decodeInWorker(data, limits.maxPixels))
  queue = run.catch(() => undefined)
  return run
}
