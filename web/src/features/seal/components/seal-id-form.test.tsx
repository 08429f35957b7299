// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../testing/render'
import { SealIdForm } from './seal-id-form'

afterEach(cleanup)

function typeAndSubmit(text: string) {
  const input = screen.getByLabelText<HTMLInputElement>('シールID')
  fireEvent.change(input, { target: { value: text } })
  fireEvent.click(screen.getByRole('button', { name: 'プリを見る' }))
  return input
}

describe('SealIdForm', () => {
  it('rejects a malformed ID with a Japanese message and keeps what was typed', () => {
    const { location } = renderWithProviders(<SealIdForm />, { path: '/sp/top/menu' })
    const input = typeAndSubmit('abc-12')

    expect(screen.getByRole('alert').textContent).toBe(
      'シールIDは英数字10文字です（例：ABCDE-12345）。入力した内容をもう一度ご確認ください。',
    )
    expect(input.value).toBe('abc-12')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id)
    expect(document.activeElement).toBe(input)
    expect(location.history).toEqual(['/sp/top/menu'])
  })

  it('asks for an ID when the field is empty', () => {
    renderWithProviders(<SealIdForm />)
    typeAndSubmit('   ')
    expect(screen.getByRole('alert').textContent).toBe('シールIDを入力してください。')
  })

  it('normalises a valid ID (full-width, lower case, O and L) and goes to the puri-get page', () => {
    const { location } = renderWithProviders(<SealIdForm />, { path: '/sp/top/menu' })
    typeAndSubmit('ａｂｃｄｅ－1234o')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(location.history.at(-1)).toBe('/sp/puri/get?sealId=ABCDE12340&from=inputSealId')
  })

  it('is labelled and set up for typing a code on a phone', () => {
    renderWithProviders(<SealIdForm initialValue="abcde-12345" />)
    const input = screen.getByLabelText<HTMLInputElement>('シールID')
    expect(input.value).toBe('abcde-12345')
    expect(input.getAttribute('placeholder')).toBe('XXXXX-XXXXX')
    expect(input.getAttribute('autocapitalize')).toBe('characters')
    expect(input.getAttribute('autocomplete')).toBe('off')
  })
})

describe('SealIdForm destination', () => {
  it('sends a member to save the seal on my page', () => {
    const { location, queryClient } = renderWithProviders(<SealIdForm />, { path: '/sp/top/menu' })
    queryClient.setQueryData(['account', 'self'], { membershipStatus: 'MINI', account: null, clock: null })
    typeAndSubmit('abcde-12345')
    expect(location.history.at(-1)).toBe('/web/mypage?sealId=ABCDE12345&from=inputSealId')
  })
})
