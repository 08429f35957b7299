// @vitest-environment jsdom
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { links } from '@puribox/contract/pages'
import { act, cleanup } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../app/query-client'
import { AppRoot } from '../app/root'
import type { Shell } from './prerender'

/**
 * The shells as the build makes them (vite.config.ts): in a process of their own, as React's server
 * renderer would otherwise leave its context values to the client renderer of this test.
 */
function buildShells(): Shell[] {
  const web = path.join(import.meta.dirname, '..', '..')
  const script = `
    const { runnerImport } = await import('vite')
    const options = { root: ${JSON.stringify(web)}, logLevel: 'error' }
    const { module: stylesheets } = await runnerImport(
      ${JSON.stringify(path.join(import.meta.dirname, 'without-stylesheets.ts'))},
      options,
    )
    const { module } = await runnerImport(${JSON.stringify(path.join(import.meta.dirname, 'prerender.tsx'))}, {
      ...options,
      plugins: [stylesheets.withoutStylesheets()],
    })
    process.stdout.write(JSON.stringify(module.shells))`
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: web,
    encoding: 'utf8',
  })
  return JSON.parse(out) as Shell[]
}

const shells = buildShells()

/** React keeps its fiber on the DOM nodes it has hydrated. */
function isHydrated(element: Element | null): boolean {
  return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'))
}

beforeEach(() => {
  // The answers never come: the screens stay as they were prerendered.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('prerendered shells', () => {
  it('cover the top page under both paths, the preview and my page', () => {
    expect(shells.map((shell) => shell.paths)).toEqual([
      [links.top, links.siteTop],
      [links.preview],
      ['/sp/2/mypage/'],
    ])
    const [top, preview, mypage] = shells
    expect(top?.title).toBe('撮ったプリをスマホに保存 | PuriBox')
    expect(top?.html).toContain('class="hero__title"')
    expect(top?.html).not.toContain('<title>')
    expect(preview?.html).toContain('class="puri-grid__placeholder"')
    expect(preview?.screenModule).toBe('src/features/seal/components/seal-pages.tsx')
    // My page's list as it will be laid out, so nothing jumps when the plays arrive.
    expect(mypage?.html).toContain('class="saved-grid__placeholder"')
    expect(mypage?.screenModule).toBe('src/features/mypage/components/mypage-screen.tsx')
  })

  const pages = shells.flatMap((shell) =>
    shell.paths.map((path) => ({
      shell,
      url: path === links.preview ? `${path}?sealId=ABCDE12345` : path,
    })),
  )
  it.each(pages)('hydrate as they are: $url', async ({ shell, url }) => {
    window.history.replaceState(null, '', url)
    const container = document.createElement('div')
    container.innerHTML = shell.html
    document.body.append(container)
    const heading = container.querySelector('h1')
    const lastOfScreen = container.querySelector('main > :last-child :last-child')
    const errors: unknown[] = []
    const consoleError = vi.spyOn(console, 'error')

    const root = hydrateRoot(container, <AppRoot queryClient={createQueryClient()} nativeApp={false} />, {
      onRecoverableError: (error) => errors.push(error),
    })
    // The screen may be a chunk of its own: its part hydrates once that has loaded.
    await vi.waitFor(() => expect(errors.length > 0 || isHydrated(lastOfScreen)).toBe(true))

    expect(errors).toEqual([])
    expect(isHydrated(lastOfScreen)).toBe(true)
    expect(consoleError).not.toHaveBeenCalled()
    expect(container.querySelector('h1')).toBe(heading)
    act(() => root.unmount())
  })
})
