// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../testing/render'
import { ImageField, useImageChoice } from './image-field'

const messages = {
  NOT_IMAGE_FILE: '画像ファイルを選んでください。',
  PAYLOAD_TOO_LARGE: '1KBまでの画像を選んでください。',
}

/** The field as a form holds it: the choice in the screen's state, told back as a line. */
function Field({ hasCurrent = false, error }: { hasCurrent?: boolean; error?: string }) {
  const picture = useImageChoice()
  const { choice } = picture
  return (
    <section>
      <ImageField
        id="picture"
        name="image"
        maxBytes={1024}
        choice={choice}
        onChoice={picture.change}
        hasCurrent={hasCurrent}
        messages={messages}
        hint="JPEG・PNG、1KBまで"
        note={choice.kind === 'keep' ? null : `選択: ${choice.kind}`}
        error={error}
        renderImage={(chosen, removed) =>
          chosen ? (
            <img src={chosen.url} alt="選んだ画像" />
          ) : (
            <span role="img" aria-label={removed ? '画像なし' : 'いまの画像'} />
          )
        }
      />
    </section>
  )
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText(/画像を選ぶ/), { target: { files: [file] } })
const picture = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' })

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:chosen', revokeObjectURL: () => {} }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ImageField', () => {
  it('refuses what is plainly not a picture, or too big, in the screen’s words, and keeps the last choice', () => {
    renderWithProviders(<Field />)
    choose(picture())
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(screen.getByRole('alert').textContent).toBe('画像ファイルを選んでください。')
    expect(screen.getByLabelText(/画像を選ぶ/).getAttribute('aria-invalid')).toBe('true')
    choose(new File([new Uint8Array(1025)], 'big.jpg', { type: 'image/jpeg' }))
    expect(screen.getByRole('alert').textContent).toBe('1KBまでの画像を選んでください。')
    expect(screen.getByRole<HTMLImageElement>('img', { name: '選んだ画像' }).src).toBe('blob:chosen')
  })

  it('a chosen file is previewed until the choice is undone; nothing is sent by the field', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<Field />)
    choose(picture())
    expect(screen.getByRole('img', { name: '選んだ画像' })).toBeTruthy()
    expect(screen.getByText('選択: file')).toBeTruthy()
    expect(screen.getByLabelText('別の画像を選ぶ')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '選ぶのをやめる' }))
    expect(screen.getByRole('img', { name: 'いまの画像' })).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('the current picture can be taken away, and that undone', () => {
    renderWithProviders(<Field hasCurrent />)
    fireEvent.click(screen.getByRole('button', { name: '画像を外す' }))
    expect(screen.getByRole('img', { name: '画像なし' })).toBeTruthy()
    expect(screen.getByText('選択: remove')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '外すのをやめる' }))
    expect(screen.getByRole('img', { name: 'いまの画像' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '外すのをやめる' })).toBeNull()
  })

  it('the server’s refusal is told under it and named by the control', () => {
    renderWithProviders(<Field error="画像を読み込めませんでした。" />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('画像を読み込めませんでした。')
    expect(screen.getByLabelText('画像を選ぶ').getAttribute('aria-describedby')).toContain(alert.id)
  })
})
