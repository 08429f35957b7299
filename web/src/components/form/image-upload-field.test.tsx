// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeUpload } from '../../testing/fake-upload'
import { renderWithProviders } from '../../testing/render'
import { ImageUploadField } from './image-upload-field'

const messages = {
  NOT_IMAGE_FILE: '画像ファイルを選んでください。',
  PAYLOAD_TOO_LARGE: '1KBまでの画像を選んでください。',
  IMAGE_INVALID: '画像を読み込めませんでした。',
}

function renderField(onUploaded = vi.fn()) {
  renderWithProviders(
    <section>
      <ImageUploadField
        route="profileImageUpload"
        name="image"
        maxBytes={1024}
        messages={messages}
        hint="JPEG・PNG、1KBまで"
        onUploaded={onUploaded}
        renderImage={(chosen) =>
          chosen ? <img src={chosen.url} alt="選んだ画像" /> : <span role="img" aria-label="いまの画像" />
        }
      />
    </section>,
  )
  return onUploaded
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('画像を選ぶ'), { target: { files: [file] } })
const picture = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' })
const uploadButton = () => screen.queryByRole('button', { name: 'この画像にする' })

beforeEach(() => {
  FakeUpload.last = null
  vi.stubGlobal('XMLHttpRequest', FakeUpload)
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:chosen', revokeObjectURL: () => {} }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ImageUploadField', () => {
  it('refuses what is plainly not a picture, or too big, in the screen’s words, before sending', () => {
    renderField()
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(screen.getByRole('alert').textContent).toBe('画像ファイルを選んでください。')
    expect(screen.getByLabelText('画像を選ぶ').getAttribute('aria-invalid')).toBe('true')
    choose(new File([new Uint8Array(1025)], 'big.jpg', { type: 'image/jpeg' }))
    expect(screen.getByRole('alert').textContent).toBe('1KBまでの画像を選んでください。')
    expect(uploadButton()).toBeNull()
    expect(FakeUpload.last).toBeNull()
  })

  it('shows the chosen picture, then the upload’s progress, then hands over the answer', async () => {
    const onUploaded = renderField()
    choose(picture())
    expect(screen.getByRole<HTMLImageElement>('img', { name: '選んだ画像' }).src).toBe('blob:chosen')
    fireEvent.click(uploadButton()!)
    await waitFor(() => expect(FakeUpload.last).not.toBeNull())
    const upload = FakeUpload.last!
    expect(upload.url).toBe('/sp/profile/image')
    expect((upload.sent!.get('image') as File).name).toBe('me.jpg')

    const bar = screen.getByRole<HTMLProgressElement>('progressbar')
    expect(bar.value).toBe(0)
    act(() => upload.progress(40))
    expect(bar.value).toBe(40)
    expect(screen.getByRole('status').textContent).toBe('アップロード中… 40%')
    expect(bar.getAttribute('aria-label')).toBe('アップロード中… 40%')
    act(() => upload.progress(100))
    expect(screen.getByRole('status').textContent).toBe('画像を保存しています…')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'この画像にする' }).disabled).toBe(true)

    const profile = { nickname: null, profileImageUrl: '/sp/profile/image/i1' }
    act(() => upload.answer(200, { entity: profile, error: null, clock: null }))
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ ...profile, clock: null }))
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('img', { name: 'いまの画像' })).toBeTruthy()
  })

  it('a file the server refuses is told why and must be replaced; after a network failure it stays', async () => {
    renderField()
    choose(picture())
    fireEvent.click(uploadButton()!)
    await waitFor(() => expect(FakeUpload.last).not.toBeNull())
    act(() =>
      FakeUpload.last!.answer(400, {
        entity: null,
        error: { code: 'IMAGE_INVALID', message: 'x' },
        clock: null,
      }),
    )
    expect((await screen.findByRole('alert')).textContent).toBe('画像を読み込めませんでした。')
    expect(uploadButton()).toBeNull()

    FakeUpload.last = null
    choose(picture())
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(uploadButton()!)
    await waitFor(() => expect(FakeUpload.last).not.toBeNull())
    act(() => FakeUpload.last!.onerror?.())
    expect((await screen.findByRole('alert')).textContent).toContain('通信できませんでした')
    expect(uploadButton()).toBeTruthy()
  })
})
