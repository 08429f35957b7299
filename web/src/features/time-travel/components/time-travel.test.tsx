// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordClock } from '../../../lib/clock'
import { renderWithProviders, wrapperResponse } from '../../../testing/render'
import { TimeTravelScreen } from './time-travel-screen'
import { TimeTravelToast } from './time-travel-toast'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  recordClock(null)
})

describe('TimeTravelToast', () => {
  it('appears while a clock is present and can be closed', () => {
    renderWithProviders(<TimeTravelToast />)
    expect(screen.queryByText('タイムトラベル中')).toBeNull()

    act(() => recordClock({ date: '2030-01-02T03:04:05' }))
    expect(screen.getByRole('status').textContent).toContain('タイムトラベル中')
    expect(screen.getByRole('status').textContent).toContain('2030年1月2日 03:04')

    fireEvent.click(screen.getByRole('button', { name: 'タイムトラベルのお知らせを閉じる' }))
    expect(screen.queryByText('タイムトラベル中')).toBeNull()

    act(() => recordClock({ date: '2031-01-01T00:00:00' }))
    expect(screen.getByText('タイムトラベル中')).toBeTruthy()
  })
})

describe('TimeTravelScreen', () => {
  it('says so when the server has time travel switched off', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => wrapperResponse({ error: { code: 'TIME_TRAVEL_DISABLED', message: 'off' } }, 404)),
    )
    renderWithProviders(<TimeTravelScreen />)
    expect((await screen.findByRole('alert')).textContent).toContain('タイムトラベルが無効です')
  })

  it('sets the date with PUT and shows the new state', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(wrapperResponse({ entity: { enabled: true, date: null } }))
      .mockResolvedValueOnce(
        wrapperResponse({
          entity: { enabled: true, date: '2030-01-02T03:04:00' },
          clock: { date: '2030-01-02T03:04:00' },
        }),
      )
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<TimeTravelScreen />)
    const input = await screen.findByLabelText('日時（日本時間）')
    fireEvent.change(input, { target: { value: '2030-01-02T03:04' } })
    fireEvent.click(screen.getByRole('button', { name: 'この日時に設定' }))

    expect(await screen.findByText('2030年1月2日 03:04 に設定しました。')).toBeTruthy()
    expect(screen.getByText('タイムトラベル中：2030年1月2日 03:04')).toBeTruthy()
    const [url, init] = fetchMock.mock.calls[1] ?? []
    expect(url).toBe('/sp/2/debug/time_travel')
    expect(init?.method).toBe('PUT')
    expect(init?.body).toBe('{"date":"2030-01-02T03:04:00"}')
  })
})
