// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderConsole } from '../testing/render-console'
import { adminSeal, answer, SEAL_API, stubSealsApi } from './testing/seal-fixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const field = () => screen.getByLabelText<HTMLInputElement>('シールID')
const lookUp = (typed: string) => {
  fireEvent.change(field(), { target: { value: typed } })
  fireEvent.click(screen.getByRole('button', { name: '調べる' }))
}

describe('the seal lookup', () => {
  it('opens the seal typed as people type it, at its canonical address', async () => {
    const calls = stubSealsApi({ [`GET ${SEAL_API}`]: answer(adminSeal()) })
    const view = renderConsole('/admin/seals')
    await screen.findByRole('heading', { name: 'シール', level: 1 })
    expect(document.title).toBe('シール | PuriBox 管理')
    lookUp('ａｂｃｄｅ－12345')
    await screen.findByRole('heading', { name: 'シール ABCDE-12345', level: 1 })
    expect(view.address()).toBe('/admin/seals/ABCDE12345')
    expect(calls.map((call) => call.key)).toContain(`GET ${SEAL_API}`)
  })

  it('says beside the field what is wrong with an ID, and asks nothing', async () => {
    const calls = stubSealsApi({})
    const view = renderConsole('/admin/seals')
    await screen.findByRole('heading', { name: 'シール', level: 1 })
    lookUp('  ')
    expect(await screen.findByText('シールIDを入力してください。')).toBeTruthy()
    lookUp('ABCDE-1234U')
    await screen.findByText(/シールIDは、英数字10文字（例：ABCDE-12345）で入力してください。/)
    expect(field().getAttribute('aria-invalid')).toBe('true')
    expect(view.address()).toBe('/admin/seals')
    expect(calls.map((call) => call.key)).toEqual(['GET /admin/api/session'])
  })

  it('reads an address with the ID as typed as the seal, and one that is no seal ID as a mistake', async () => {
    const calls = stubSealsApi({ [`GET ${SEAL_API}`]: answer(adminSeal()) })
    const typed = renderConsole('/admin/seals/abcde-12345')
    await screen.findByRole('heading', { name: 'シール ABCDE-12345', level: 1 })
    expect(typed.address()).toBe('/admin/seals/ABCDE12345')
    cleanup()

    const asked = calls.length
    renderConsole('/admin/seals/not-a-seal')
    await screen.findByText(/シールIDは、英数字10文字/)
    expect(field().value).toBe('not-a-seal')
    expect(calls.slice(asked).filter((call) => call.key.startsWith('GET /admin/api/seals/'))).toEqual([])
  })

  it('is one of the console’s sections, on the home', async () => {
    stubSealsApi({})
    renderConsole('/admin')
    const home = await screen.findByRole('main')
    await within(home).findByText(/通報のあったシールの公開を停止・再開できます。/)
    const links = within(home).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toContain('/admin/seals')
  })
})
