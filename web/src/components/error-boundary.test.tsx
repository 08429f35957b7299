// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './error-boundary'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function Broken(): never {
  throw new Error('the screen failed')
}

describe('ErrorBoundary', () => {
  it('offers a reload and a way out to the top page when a screen fails', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert').textContent).toContain('ページを表示できませんでした')
    expect(screen.getByRole('button', { name: '再読み込みする' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
    expect(logged).toHaveBeenCalled()
  })
})
