import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const tokensCss = readFileSync(join(root, 'web/src/styles/tokens.css'), 'utf8')
const page = readFileSync(join(root, 'docs/identity.md'), 'utf8')

/** The custom properties of tokens.css, name → value, in their order. */
function tokens(): Map<string, string> {
  return new Map(
    [...tokensCss.matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)].map((match) => [match[1]!, match[2]!.trim()]),
  )
}

/** The rows of the page's tables that name a token: name → value. */
function documented(): Map<string, string> {
  return new Map(
    [...page.matchAll(/^\| `(--[\w-]+)` \| `([^`]+)` \|/gm)].map((match) => [match[1]!, match[2]!]),
  )
}

describe('the identity page (docs/identity.md) and the tokens (web/src/styles/tokens.css)', () => {
  it('show the same tokens with the same values', () => {
    expect(tokens().size).toBeGreaterThan(20)
    expect(documented()).toEqual(tokens())
  })

  it('no stylesheet writes a size or a weight that the scale has a token for', () => {
    const onScale = new Map(
      [...tokens()].filter(([name]) => /^--(text|weight)-/.test(name)).map(([n, v]) => [v, n]),
    )
    const files = readFileSync(join(root, 'web/src/styles/global.css'), 'utf8')
    const written = [...files.matchAll(/font-(?:size|weight):\s*([^;]+);/g)].map((match) => match[1]!.trim())
    expect(written.filter((value) => onScale.has(value))).toEqual([])
  })
})
