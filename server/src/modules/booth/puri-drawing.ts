/**
 * Purikura-looking pictures drawn as SVG: a pastel background, a booth's frame, simple faces,
 * hearts, stars and sparkles, the picture number drawn big, and "rakugaki" doodles (cat ears,
 * crowns, words, a squiggle) on doodled puris. Deterministic for a given set of options.
 *
 * The demo's plays and its machine models' sample pictures are drawn with it (booth.demo.ts,
 * saving.demo.ts), and so are the booth simulator's and the benchmarks' (tools/booth-images.ts,
 * which encodes them to JPEG with grain).
 */
import { execFileSync } from 'node:child_process'
import { seededRandom } from '@puribox/contract/seeded-random'
import demoText from '../../locales/ja/demo.json' with { type: 'json' }

export interface PuriDrawingOptions {
  /** The picture number within the play (1..99), drawn big on the picture. */
  number: number
  width: number
  height: number
  /** Varies colours and layout; the same seed and number give the same picture. Default: number. */
  seed?: number
  /** A raw (pre-doodle) puri: the photo without rakugaki. */
  raw?: boolean
  /** A proof sample: stamped "SAMPLE" across the picture. */
  proof?: boolean
  /** The picture's main hue (0–360), as a machine model's colour; drawn at random from the seed without it. */
  hue?: number
  /** Draw the picture number big in a corner (so a tester sees which picture is which). Default true. */
  numbered?: boolean
}

type Rand = () => number

const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T
const between = (rand: Rand, min: number, max: number): number => min + rand() * (max - min)
const r1 = (n: number): string => n.toFixed(1)

const pastel = (hue: number, lightness = 88): string => `hsl(${Math.round(hue % 360)},85%,${lightness}%)`
const vivid = (hue: number): string => `hsl(${Math.round(hue % 360)},90%,62%)`

let cjkFont: string | null | undefined

/** A Japanese-capable font family known to fontconfig, or null (then only ASCII text is drawn). */
export function japaneseFontFamily(): string | null {
  if (cjkFont !== undefined) return cjkFont
  cjkFont = null
  try {
    const families = execFileSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8', timeout: 5000 })
    const names = families.split('\n').flatMap((line) => line.split(',').map((name) => name.trim()))
    cjkFont =
      names.find((name) => name === 'Noto Sans CJK JP') ??
      names.find((name) => /Sans.*(CJK|JP)/i.test(name) && !/Mono/i.test(name)) ??
      names.find((name) => name.length > 0) ??
      null
  } catch {
    cjkFont = null
  }
  return cjkFont
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

function heart(x: number, y: number, size: number, fill: string, rotate = 0): string {
  const s = size / 2
  const d = [
    `M ${r1(x)} ${r1(y + s * 0.9)}`,
    `C ${r1(x - s * 1.6)} ${r1(y - s * 0.1)} ${r1(x - s * 0.8)} ${r1(y - s * 1.3)} ${r1(x)} ${r1(y - s * 0.45)}`,
    `C ${r1(x + s * 0.8)} ${r1(y - s * 1.3)} ${r1(x + s * 1.6)} ${r1(y - s * 0.1)} ${r1(x)} ${r1(y + s * 0.9)} Z`,
  ].join(' ')
  return `<path d="${d}" fill="${fill}" stroke="#fff" stroke-width="${r1(size * 0.06)}" transform="rotate(${r1(rotate)} ${r1(x)} ${r1(y)})"/>`
}

function star(x: number, y: number, size: number, fill: string, rotate = 0): string {
  const points: string[] = []
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? size / 2 : size / 4.6
    const angle = (Math.PI / 5) * i - Math.PI / 2 + (rotate * Math.PI) / 180
    points.push(`${r1(x + radius * Math.cos(angle))},${r1(y + radius * Math.sin(angle))}`)
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}" stroke="#fff" stroke-width="${r1(size * 0.05)}" stroke-linejoin="round"/>`
}

function sparkle(x: number, y: number, size: number, fill: string): string {
  const s = size / 2
  const k = s * 0.18
  const d = `M ${r1(x)} ${r1(y - s)} Q ${r1(x + k)} ${r1(y - k)} ${r1(x + s)} ${r1(y)} Q ${r1(x + k)} ${r1(y + k)} ${r1(x)} ${r1(y + s)} Q ${r1(x - k)} ${r1(y + k)} ${r1(x - s)} ${r1(y)} Q ${r1(x - k)} ${r1(y - k)} ${r1(x)} ${r1(y - s)} Z`
  return `<path d="${d}" fill="${fill}"/>`
}

interface Face {
  x: number
  y: number
  r: number
}

function drawFace(face: Face, rand: Rand, hairHue: number): string {
  const { x, y, r } = face
  const skin = pick(rand, ['#ffe3d3', '#fbd9c4', '#f6d0b8', '#ffe9dc'])
  const hair = `hsl(${Math.round(hairHue)},35%,${Math.round(between(rand, 18, 40))}%)`
  const eyeDx = r * 0.36
  const eyeY = y - r * 0.02
  const eyeRx = r * 0.13
  const eyeRy = r * 0.19
  const parts = [
    // hair behind the face and shoulders
    `<ellipse cx="${r1(x)}" cy="${r1(y + r * 0.25)}" rx="${r1(r * 1.22)}" ry="${r1(r * 1.35)}" fill="${hair}"/>`,
    `<path d="M ${r1(x - r * 1.5)} ${r1(y + r * 2.6)} Q ${r1(x)} ${r1(y + r * 0.9)} ${r1(x + r * 1.5)} ${r1(y + r * 2.6)} Z" fill="${pastel(hairHue + 180, 70)}"/>`,
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${skin}"/>`,
    // fringe
    `<path d="M ${r1(x - r * 1.02)} ${r1(y - r * 0.1)} Q ${r1(x - r * 0.9)} ${r1(y - r * 1.15)} ${r1(x)} ${r1(y - r * 1.08)} Q ${r1(x + r * 0.9)} ${r1(y - r * 1.15)} ${r1(x + r * 1.02)} ${r1(y - r * 0.1)} Q ${r1(x + r * 0.5)} ${r1(y - r * 0.62)} ${r1(x)} ${r1(y - r * 0.5)} Q ${r1(x - r * 0.5)} ${r1(y - r * 0.62)} ${r1(x - r * 1.02)} ${r1(y - r * 0.1)} Z" fill="${hair}"/>`,
  ]
  // big purikura eyes with highlights
  for (const side of [-1, 1]) {
    const ex = x + side * eyeDx
    parts.push(
      `<ellipse cx="${r1(ex)}" cy="${r1(eyeY)}" rx="${r1(eyeRx)}" ry="${r1(eyeRy)}" fill="#3b2a2a"/>`,
      `<circle cx="${r1(ex + eyeRx * 0.35)}" cy="${r1(eyeY - eyeRy * 0.4)}" r="${r1(eyeRx * 0.38)}" fill="#fff"/>`,
      `<circle cx="${r1(ex - eyeRx * 0.3)}" cy="${r1(eyeY + eyeRy * 0.35)}" r="${r1(eyeRx * 0.18)}" fill="#fff"/>`,
      `<ellipse cx="${r1(x + side * r * 0.58)}" cy="${r1(y + r * 0.32)}" rx="${r1(r * 0.17)}" ry="${r1(r * 0.09)}" fill="#ff9eb5" fill-opacity="0.7"/>`,
    )
  }
  const smileWidth = r * between(rand, 0.22, 0.34)
  parts.push(
    `<path d="M ${r1(x - smileWidth)} ${r1(y + r * 0.42)} Q ${r1(x)} ${r1(y + r * 0.68)} ${r1(x + smileWidth)} ${r1(y + r * 0.42)}" fill="none" stroke="#d9506f" stroke-width="${r1(r * 0.06)}" stroke-linecap="round"/>`,
  )
  return parts.join('')
}

function catEars(face: Face, fill: string): string {
  const { x, y, r } = face
  return [-1, 1]
    .map((side) => {
      const bx = x + side * r * 0.62
      const by = y - r * 0.78
      return `<path d="M ${r1(bx - r * 0.32)} ${r1(by + r * 0.12)} L ${r1(bx + side * r * 0.12)} ${r1(by - r * 0.62)} L ${r1(bx + r * 0.32)} ${r1(by + r * 0.12)} Z" fill="${fill}" stroke="#fff" stroke-width="${r1(r * 0.06)}" stroke-linejoin="round"/>`
    })
    .join('')
}

function crown(face: Face, fill: string): string {
  const { x, y, r } = face
  const top = y - r * 1.55
  const base = y - r * 1.02
  const w = r * 0.62
  const d = `M ${r1(x - w)} ${r1(base)} L ${r1(x - w)} ${r1(top + r * 0.18)} L ${r1(x - w / 2)} ${r1(top + r * 0.36)} L ${r1(x)} ${r1(top)} L ${r1(x + w / 2)} ${r1(top + r * 0.36)} L ${r1(x + w)} ${r1(top + r * 0.18)} L ${r1(x + w)} ${r1(base)} Z`
  return `<path d="${d}" fill="${fill}" stroke="#fff" stroke-width="${r1(r * 0.05)}" stroke-linejoin="round"/>`
}

function outlinedText(
  text: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  options: { rotate?: number; family?: string; anchor?: 'start' | 'middle' | 'end' } = {},
): string {
  const family = options.family ?? 'DejaVu Sans, Liberation Sans, Arial, sans-serif'
  const anchor = options.anchor ?? 'middle'
  const transform = options.rotate ? ` transform="rotate(${r1(options.rotate)} ${r1(x)} ${r1(y)})"` : ''
  return `<text x="${r1(x)}" y="${r1(y)}" font-family="${family}" font-size="${r1(size)}" font-weight="bold" text-anchor="${anchor}" fill="${fill}" stroke="#fff" stroke-width="${r1(size * 0.14)}" stroke-linejoin="round" paint-order="stroke"${transform}>${escapeXml(text)}</text>`
}

/** The SVG source of one picture (exported for debugging and tests). */
export function puriSvg(options: PuriDrawingOptions): string {
  const { number, width: w, height: h } = options
  const seed = options.seed ?? number
  const rand = seededRandom(seed * 7919 + number * 104729 + 17)
  const u = Math.min(w, h) / 100 // one "unit" = 1 % of the short side
  const drawnHue = between(rand, 0, 360)
  const hue = options.hue ?? drawnHue
  // A given hue (a model's colour) keeps the picture in its family; a drawn one ranges further.
  const hue2 = options.hue === undefined ? hue + between(rand, 40, 140) : hue + between(rand, -30, 30)
  const accent = options.hue === undefined ? hue + 180 : hue + 10

  const parts: string[] = []
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="${r1(between(rand, 0.3, 1))}" y2="1">`,
    `<stop offset="0" stop-color="${pastel(hue, 90)}"/><stop offset="1" stop-color="${pastel(hue2, 84)}"/>`,
    '</linearGradient>',
    `<radialGradient id="glow" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  )

  // background pattern: polka dots or stripes
  if (rand() < 0.5) {
    const step = u * between(rand, 7, 11)
    const dot = pastel(hue2 + 30, 95)
    for (let y = step / 2, row = 0; y < h; y += step, row++) {
      for (let x = (row % 2) * (step / 2); x < w + step; x += step) {
        parts.push(
          `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(step * 0.18)}" fill="${dot}" fill-opacity="0.8"/>`,
        )
      }
    }
  } else {
    const step = u * between(rand, 6, 10)
    const stripe = pastel(hue + 20, 95)
    for (let x = -h; x < w; x += step * 2) {
      parts.push(
        `<path d="M ${r1(x)} ${h} L ${r1(x + h)} 0 L ${r1(x + h + step)} 0 L ${r1(x + step)} ${h} Z" fill="${stripe}" fill-opacity="0.55"/>`,
      )
    }
  }
  parts.push(`<rect width="${w}" height="${h}" fill="url(#glow)"/>`)

  // the people: 1 to 3 simple faces
  const people = 1 + Math.floor(rand() * 3)
  const faces: Face[] = []
  const faceR = (w / (people + 1.4)) * between(rand, 0.42, 0.5)
  for (let i = 0; i < people; i++) {
    const x = (w * (i + 1)) / (people + 1) + between(rand, -0.04, 0.04) * w
    const y = h * between(rand, 0.45, 0.55) + (i % 2) * faceR * 0.25
    faces.push({ x, y, r: faceR })
  }
  for (const face of faces) parts.push(drawFace(face, rand, between(rand, 10, 40)))

  // decorations every booth frame has: a few hearts, stars and sparkles
  const decorations = 6 + Math.floor(rand() * 6)
  for (let i = 0; i < decorations; i++) {
    const x = between(rand, 0.08, 0.92) * w
    const y = rand() < 0.5 ? between(rand, 0.06, 0.22) * h : between(rand, 0.78, 0.9) * h
    const size = u * between(rand, 4, 9)
    const kind = i % 3
    if (kind === 0) parts.push(heart(x, y, size, vivid(accent + i * 20), between(rand, -25, 25)))
    else if (kind === 1) parts.push(star(x, y, size, vivid(hue2 + i * 15), between(rand, 0, 72)))
    else parts.push(sparkle(x, y, size * 1.2, '#fffbe6'))
  }

  // rakugaki: what friends draw on the picture right after the shoot
  if (!options.raw) {
    const pen = vivid(accent)
    for (const face of faces) {
      if (rand() < 0.5) parts.push(catEars(face, pastel(accent, 75)))
      else parts.push(crown(face, '#ffd84d'))
      parts.push(sparkle(face.x + face.r * 0.95, face.y - face.r * 0.7, face.r * 0.35, '#fff'))
    }
    const words = ['BFF', 'LOVE', '2026', 'FOREVER', 'SMILE', 'KAWAII', 'BEST DAY', 'PURI!']
    const jp = japaneseFontFamily()
    const jpWords = demoText.doodleWords
    const title = jp && rand() < 0.6 ? pick(rand, jpWords) : pick(rand, words)
    parts.push(
      outlinedText(title, w / 2, h * 0.8, u * 12, pen, {
        rotate: between(rand, -8, 8),
        family: jp && /[^\x20-\x7e]/.test(title) ? `${jp}, sans-serif` : undefined,
      }),
      outlinedText(pick(rand, words), w * 0.25, h * 0.31, u * 6.5, vivid(hue2), {
        rotate: between(rand, -15, 5),
      }),
    )
    // a hand-drawn squiggle and a few doodled hearts
    let d = `M ${r1(w * 0.12)} ${r1(h * 0.87)}`
    for (let i = 1; i <= 8; i++) {
      d += ` Q ${r1(w * (0.12 + i * 0.095 - 0.05))} ${r1(h * (0.87 + (i % 2 ? -0.025 : 0.025)))} ${r1(w * (0.12 + i * 0.095))} ${r1(h * 0.87)}`
    }
    parts.push(
      `<path d="${d}" fill="none" stroke="${pen}" stroke-width="${r1(u * 1.1)}" stroke-linecap="round" stroke-dasharray="${r1(u * 2)} ${r1(u * 1.4)}"/>`,
    )
    for (let i = 0; i < 4; i++) {
      parts.push(
        heart(between(rand, 0.1, 0.9) * w, between(rand, 0.25, 0.7) * h, u * 4, pen, between(rand, -30, 30)),
      )
    }
  }

  // frame: white border, coloured inner line, scalloped corners
  const border = u * 3.2
  parts.push(
    `<rect x="${r1(border / 2)}" y="${r1(border / 2)}" width="${r1(w - border)}" height="${r1(h - border)}" rx="${r1(u * 4)}" fill="none" stroke="#fff" stroke-width="${r1(border)}"/>`,
    `<rect x="${r1(border * 1.35)}" y="${r1(border * 1.35)}" width="${r1(w - border * 2.7)}" height="${r1(h - border * 2.7)}" rx="${r1(u * 3)}" fill="none" stroke="${vivid(accent)}" stroke-width="${r1(u * 0.7)}" stroke-dasharray="${r1(u * 2.4)} ${r1(u * 1.2)}"/>`,
  )
  for (const [cx, cy] of [
    [border * 2.2, border * 2.2],
    [w - border * 2.2, border * 2.2],
    [border * 2.2, h - border * 2.2],
    [w - border * 2.2, h - border * 2.2],
  ] as const) {
    parts.push(heart(cx, cy, u * 4.5, vivid(accent)))
  }

  // the picture number, drawn big
  if (options.numbered ?? true) {
    const badgeR = u * 11
    const bx = border * 2 + badgeR
    const by = border * 2 + badgeR
    parts.push(
      `<circle cx="${r1(bx)}" cy="${r1(by)}" r="${r1(badgeR)}" fill="#fff" fill-opacity="0.92"/>`,
      `<circle cx="${r1(bx)}" cy="${r1(by)}" r="${r1(badgeR * 0.88)}" fill="none" stroke="${vivid(accent)}" stroke-width="${r1(u * 0.8)}"/>`,
      `<text x="${r1(bx)}" y="${r1(by + badgeR * 0.42)}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${r1(badgeR * 1.25)}" font-weight="bold" text-anchor="middle" fill="${vivid(accent)}">${number}</text>`,
      outlinedText(
        options.raw ? 'RAW' : `No.${number}`,
        w - border * 2.5,
        border * 2 + u * 6,
        u * 5,
        vivid(hue2),
        {
          anchor: 'end',
        },
      ),
    )
  }

  if (options.proof) {
    parts.push(
      outlinedText('SAMPLE', w / 2, h / 2, u * 20, 'rgba(230,40,90,0.55)', {
        rotate: -((Math.atan(h / w) * 180) / Math.PI),
      }),
    )
  }

  parts.push('</svg>')
  return parts.join('\n')
}

/**
 * A square portrait of one person, as a member crops a puri for a profile picture: the face of a
 * puri on its pastel background, with a sparkle and cat ears or a crown.
 */
export function portraitSvg(options: { seed: number; size: number }): string {
  const { seed, size: s } = options
  const rand = seededRandom(seed * 104729 + 31)
  const hue = between(rand, 0, 360)
  const face: Face = { x: s / 2, y: s * 0.56, r: s * 0.27 }
  const extra = rand() < 0.5 ? catEars(face, pastel(hue + 180, 75)) : crown(face, '#ffd84d')
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">`,
    `<rect width="${s}" height="${s}" fill="${pastel(hue, 88)}"/>`,
    drawFace(face, rand, between(rand, 10, 40)),
    extra,
    sparkle(s * 0.82, s * 0.2, s * 0.16, '#fff'),
    heart(s * 0.16, s * 0.24, s * 0.1, vivid(hue + 180), -15),
    '</svg>',
  ].join('')
}

/** The hue (0–360) of a `#rrggbb` colour. */
export function hueOf(color: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
  const max = Math.max(r, g, b)
  const range = max - Math.min(r, g, b)
  if (range === 0) return 0
  const sixth =
    max === r ? (g - b) / range + (g < b ? 6 : 0) : max === g ? (b - r) / range + 2 : (r - g) / range + 4
  return sixth * 60
}
