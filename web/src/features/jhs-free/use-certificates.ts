import {
  CERTIFICATE_SLOTS,
  type CertificateSlot,
  type CertificateUpload,
  JHS_LIMITS,
} from '@puribox/contract/jhs-free'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../lib/api-client'
import { errorMessage } from '../../lib/error-message'
import { uploadCertificate } from './api/certificate-upload'
import { removeUpload } from './api/jhs-state'
import { t } from './i18n'

/** Where one certificate picture stands in this tab. */
export type SlotState =
  | { phase: 'empty'; error?: string }
  | { phase: 'sending'; fileName: string; percent: number; retrying: boolean }
  /** The connection dropped and the retries ran out: the same file goes on from the server's offset. */
  | { phase: 'dropped'; fileName: string; percent: number; file: File }
  /** Listed by the server, half sent before a reload: the same file chosen again goes on. */
  | { phase: 'stalled'; upload: CertificateUpload }
  | { phase: 'done'; upload: CertificateUpload }

type Slots = Record<CertificateSlot, SlotState>

const EMPTY: Slots = {
  kind: { phase: 'empty' },
  insurance: { phase: 'empty' },
  schoolFront: { phase: 'empty' },
  schoolBack: { phase: 'empty' },
}

const percentOf = (sent: number, total: number) => (total > 0 ? Math.floor((sent / total) * 100) : 0)

/**
 * The four certificate pictures: each sent as soon as it is chosen, with its progress, going on
 * after a dropped connection; the server's list of uploads not sent yet fills the slots after a
 * reload. `onSessionExpired` is told when an upload finds the session gone.
 */
export function useCertificates(
  serverUploads: readonly CertificateUpload[] | undefined,
  onSessionExpired: () => void,
) {
  const [slots, setSlots] = useState<Slots>(EMPTY)
  const filled = useRef(false)
  // Whether the server's list has filled the slots (a reload on the confirm step waits for it).
  const [ready, setReady] = useState(false)
  const running = useRef(new Map<CertificateSlot, AbortController>())

  useEffect(() => {
    if (!serverUploads || filled.current) return
    filled.current = true
    setReady(true)
    setSlots((before) => {
      const next = { ...before }
      for (const upload of serverUploads) {
        if (next[upload.slot].phase !== 'empty') continue
        next[upload.slot] =
          upload.state === 'COMPLETE' ? { phase: 'done', upload } : { phase: 'stalled', upload }
      }
      return next
    })
  }, [serverUploads])

  useEffect(() => {
    const controllers = running.current
    return () => {
      for (const controller of controllers.values()) controller.abort()
    }
  }, [])

  const set = useCallback((slot: CertificateSlot, state: SlotState) => {
    setSlots((before) => ({ ...before, [slot]: state }))
  }, [])

  const choose = useCallback(
    async (slot: CertificateSlot, file: File) => {
      if (file.size === 0) return set(slot, { phase: 'empty', error: t('jhsFree.file.errors.empty') })
      if (file.size > JHS_LIMITS.certificateMaxBytes) {
        return set(slot, { phase: 'empty', error: t('jhsFree.file.errors.CERTIFICATE_TOO_LARGE') })
      }
      running.current.get(slot)?.abort()
      const controller = new AbortController()
      running.current.set(slot, controller)
      let percent = 0
      set(slot, { phase: 'sending', fileName: file.name, percent: 0, retrying: false })
      try {
        const upload = await uploadCertificate(
          slot,
          file,
          {
            onProgress: (sent, total) => {
              percent = percentOf(sent, total)
              setSlots((before) => {
                const current = before[slot]
                return current.phase === 'sending' ? { ...before, [slot]: { ...current, percent } } : before
              })
            },
            onRetrying: (retrying) => {
              setSlots((before) => {
                const current = before[slot]
                return current.phase === 'sending' ? { ...before, [slot]: { ...current, retrying } } : before
              })
            },
          },
          controller.signal,
        )
        set(slot, { phase: 'done', upload })
      } catch (error) {
        if (controller.signal.aborted) return
        if (error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'UNAUTHENTICATED')) {
          if (error.code === 'UNAUTHENTICATED') onSessionExpired()
          return set(slot, { phase: 'dropped', fileName: file.name, percent, file })
        }
        set(slot, {
          phase: 'empty',
          error: errorMessage(error, {
            CERTIFICATE_NOT_AN_IMAGE: t('jhsFree.file.errors.CERTIFICATE_NOT_AN_IMAGE'),
            CERTIFICATE_UNREADABLE: t('jhsFree.file.errors.CERTIFICATE_UNREADABLE'),
            CERTIFICATE_TOO_LARGE: t('jhsFree.file.errors.CERTIFICATE_TOO_LARGE'),
          }),
        })
      } finally {
        if (running.current.get(slot) === controller) running.current.delete(slot)
      }
    },
    [set, onSessionExpired],
  )

  const remove = useCallback(
    async (slot: CertificateSlot) => {
      running.current.get(slot)?.abort()
      const current = slots[slot]
      set(slot, { phase: 'empty' })
      const id = current.phase === 'done' || current.phase === 'stalled' ? current.upload.id : null
      // The server forgets it too; if that fails, the housekeeping removes it within a day.
      if (id) await removeUpload(id).catch(() => undefined)
    },
    [slots, set],
  )

  /** What the rules read: a complete upload per slot, or 'sending' while one is on its way. */
  const forRules: Partial<Record<CertificateSlot, CertificateUpload | 'sending'>> = {}
  for (const slot of CERTIFICATE_SLOTS) {
    const state = slots[slot]
    if (state.phase === 'done') forRules[slot] = state.upload
    else if (state.phase === 'sending') forRules[slot] = 'sending'
  }

  return { slots, choose, remove, forRules, ready }
}
