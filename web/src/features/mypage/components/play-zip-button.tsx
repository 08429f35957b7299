import type { SavedPlay } from '@puribox/contract/mypage'
import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '../../../lib/error-message'
import { downloadPlayZip, fileSaver, type ZipProgress } from '../api/download-play-zip'
import { t } from '../i18n'
import './play-zip-button.css'

type ZipState =
  | { step: 'idle' }
  | { step: 'downloading'; progress: ZipProgress }
  | { step: 'done' }
  | { step: 'cancelled' }
  | { step: 'failed'; error: unknown }

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)

function progressText({ received, total }: ZipProgress): string {
  if (total === null) return t('mypageList.zip.progressUnknown', { received: megabytes(received) })
  return t('mypageList.zip.progress', {
    received: megabytes(received),
    total: megabytes(total),
    percent: Math.min(100, Math.floor((received / total) * 100)),
  })
}

/** Saving a whole play as one ZIP: a streamed download with progress, cancellable. */
export function PlayZipButton({ play }: { play: SavedPlay }) {
  const [state, setState] = useState<ZipState>({ step: 'idle' })
  const controller = useRef<AbortController | null>(null)

  // Leaving the page stops a download in flight.
  useEffect(() => () => controller.current?.abort(), [])

  async function start() {
    const abort = new AbortController()
    controller.current = abort
    setState({ step: 'downloading', progress: { received: 0, total: null } })
    try {
      const blob = await downloadPlayZip(play.zipUrl, {
        signal: abort.signal,
        onProgress: (progress) => setState({ step: 'downloading', progress }),
      })
      fileSaver.save(blob, `puribox-${play.sealId}.zip`)
      setState({ step: 'done' })
    } catch (error) {
      setState(abort.signal.aborted ? { step: 'cancelled' } : { step: 'failed', error })
    } finally {
      if (controller.current === abort) controller.current = null
    }
  }

  if (state.step === 'downloading') {
    const { progress } = state
    return (
      <div className="zip-download" aria-live="polite">
        <progress
          aria-label={t('mypageList.zip.label')}
          max={progress.total ?? undefined}
          value={progress.total === null ? undefined : progress.received}
        />
        <p className="zip-download__text">{progressText(progress)}</p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => controller.current?.abort()}
        >
          {t('mypageList.zip.cancel')}
        </button>
      </div>
    )
  }

  return (
    <div className="zip-download">
      <button type="button" className="button button--secondary button--block" onClick={() => void start()}>
        {t('mypageList.zip.button')}
      </button>
      {state.step === 'done' && (
        <p className="zip-download__text" role="status">
          {t('mypageList.zip.done')}
        </p>
      )}
      {state.step === 'cancelled' && (
        <p className="zip-download__text" role="status">
          {t('mypageList.zip.cancelled')}
        </p>
      )}
      {state.step === 'failed' && (
        <p className="field-error" role="alert">
          {errorMessage(state.error, {
            NOT_FOUND: t('mypageList.zip.errors.NOT_FOUND'),
            UNAUTHENTICATED: t('mypageList.zip.errors.UNAUTHENTICATED'),
          })}
        </p>
      )}
    </div>
  )
}
