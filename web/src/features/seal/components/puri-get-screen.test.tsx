// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { PuriGetScreen } from './puri-get-screen'

const seal = {
  sealId: 'ABCDE12345',
  sealExpireDate: '2025-11-28T14:05:00',
  machine: { id: 'm1', name: 'Booth', seriesId: 's', version: '1' },
  isProof: false,
  puris: [],
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('PuriGetScreen', () => {
  it('shows a loading state, then replaces the location with the preview', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => wrapperResponse({ entity: seal })),
    )
    const { location } = renderWithProviders(<PuriGetScreen />, {
      path: '/sp/puri/get?sealId=abcde-12345&from=inputSealId',
    })
    expect(screen.getByRole('status').textContent).toContain('シールIDを確認しています')
    await waitFor(() => expect(location.history).toEqual(['/web/preview?sealId=ABCDE12345']))
  })

  it('says the seal was not found and offers the form again with what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => wrapperResponse({ error: { code: 'SEAL_NOT_FOUND', message: 'x' } }, 404)),
    )
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=abcde-12345&from=inputSealId' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('このシールIDのプリは見つかりませんでした。')
    expect(screen.queryByRole('button', { name: 'もう一度試す' })).toBeNull()
    expect(screen.getByLabelText<HTMLInputElement>('シールID').value).toBe('abcde-12345')
  })

  it('on a network failure asks to check the connection and retries on demand', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(wrapperResponse({ entity: seal }))
    vi.stubGlobal('fetch', fetchMock)
    const { location } = renderWithProviders(<PuriGetScreen />, {
      path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId',
    })
    expect((await screen.findByRole('alert')).textContent).toContain('通信できませんでした')
    fireEvent.click(screen.getByRole('button', { name: 'もう一度試す' }))
    await waitFor(() => expect(location.history).toEqual(['/web/preview?sealId=ABCDE12345']))
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('does not ask the server about a malformed ID', () => {
    const fetchMock = vi.fn<typeof fetch>()
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=nope&from=inputSealId' })
    expect(screen.getByRole('alert').textContent).toContain('シールIDの形が正しくありません')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('on YELLOW explains the pause and how long it still lasts, links to the penalty page and offers no form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        wrapperResponse({ error: { code: 'PURIGET_PENALTY_YELLOW', message: 'x' } }, 429, {
          'Retry-After': '700',
        }),
      ),
    )
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('プリの受け取りを一時的にお休みしています。')
    expect(alert.textContent).toContain('あと12分ほどで、また入力できるようになります。')
    expect(alert.textContent).not.toContain('1時間')
    const about = within(alert).getByRole('link', { name: 'ペナルティについて詳しく見る' })
    expect(about.getAttribute('href')).toBe('/sp/common/aboutPenalty')
    expect(screen.queryByLabelText('シールID')).toBeNull()
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/sp/top/menu')
  })

  it('on YELLOW without a Retry-After says it lasts an hour at most', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => wrapperResponse({ error: { code: 'PURIGET_PENALTY_YELLOW', message: 'x' } }, 429)),
    )
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    expect((await screen.findByRole('alert')).textContent).toContain(
      '1時間以内に、また入力できるようになります。',
    )
  })

  it('on RED says getting is stopped and points to the inquiry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => wrapperResponse({ error: { code: 'PURIGET_PENALTY_RED', message: 'x' } }, 403)),
    )
    renderWithProviders(<PuriGetScreen />, { path: '/sp/puri/get?sealId=ABCDE12345&from=inputSealId' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('このアカウントではプリの受け取りを止めています')
    expect(
      within(alert).getByRole('link', { name: 'ペナルティについて詳しく見る' }).getAttribute('href'),
    ).toBe('/sp/common/aboutPenalty')
    expect(screen.getByRole('link', { name: 'お問い合わせする' }).getAttribute('href')).toBe(
      '/sp/common/inquiry',
    )
    expect(screen.queryByLabelText('シールID')).toBeNull()
  })
})
