import { generatePuriImage } from '../../tools/booth-images'

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3210}`

/** A play pushed by the demo booth (key `dev-booth-key`, seeded at start): regular puris, then raw ones. */
export async function pushDemoPlay(options: { regular: number; raw: number }): Promise<{ sealId: string }> {
  const puris = Array.from({ length: options.regular + options.raw }, (_, i) => {
    const raw = i >= options.regular
    return {
      number: i + 1,
      isRawPuri: raw,
      rawPuriImageNumber: raw ? i + 1 - options.regular : null,
      isProofSample: false,
    }
  })
  const form = new FormData()
  form.append('meta', JSON.stringify({ shotAt: new Date().toISOString(), puris }))
  for (const puri of puris) {
    const image = await generatePuriImage({
      number: puri.number,
      width: 600,
      height: 900,
      raw: puri.isRawPuri,
    })
    form.append(
      `puri-${puri.number}`,
      new Blob([new Uint8Array(image)], { type: 'image/jpeg' }),
      `puri-${puri.number}.jpg`,
    )
  }
  const response = await fetch(`${baseURL}/booth/v1/seals`, {
    method: 'POST',
    headers: { authorization: 'Bearer dev-booth-key' },
    body: form,
  })
  if (response.status !== 201)
    throw new Error(`booth push failed: ${response.status} ${await response.text()}`)
  return (await response.json()).entity
}
