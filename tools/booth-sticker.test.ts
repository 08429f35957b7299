import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { STICKER_CORNER, terminalQr, writeStickerCorner } from './booth-sticker'
import { readQrCode as decodeQr } from './qr-reader'

const SEAL_ID = 'ABCDE12345'
const URL_OF_SEAL = `http://192.168.1.20:3000/sp/puri/get?sealId=${SEAL_ID}&from=qr`

describe('the sticker sheet corner', () => {
  const dirs: string[] = []
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it('writes <sealId>.png whose QR code reads back as the get address', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'puribox-sticker-'))
    dirs.push(dir)
    const file = await writeStickerCorner(SEAL_ID, URL_OF_SEAL, dir)
    expect(file).toBe(path.join(dir, `${SEAL_ID}.png`))
    const png = await readFile(file)
    const meta = await sharp(png).metadata()
    expect(meta.format).toBe('png')
    expect({ width: meta.width, height: meta.height }).toEqual(STICKER_CORNER)
    expect(await decodeQr(png)).toBe(URL_OF_SEAL)
  })

  it('still reads printed small: the corner at half size', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'puribox-sticker-'))
    dirs.push(dir)
    const png = await readFile(await writeStickerCorner(SEAL_ID, URL_OF_SEAL, dir))
    const half = await sharp(png)
      .resize(STICKER_CORNER.width / 2)
      .png()
      .toBuffer()
    expect(await decodeQr(half)).toBe(URL_OF_SEAL)
  })

  it('prints the QR code for a terminal as block characters', async () => {
    const text = await terminalQr(URL_OF_SEAL)
    const lines = text.trimEnd().split('\n')
    // A version 4 QR code (33 modules) plus its quiet zone, two modules a line.
    expect(lines.length).toBeGreaterThan(15)
    expect(text).toMatch(/[▀▄█]/)
  })
})
