import type { SavedImage, SavedPlay } from '@puribox/contract/mypage'
import { links } from '@puribox/contract/pages'
import { type PointerEvent, useEffect, useRef, useState } from 'react'
import { AppLink } from '../../../components/app-link'
import { DeadlineText } from '../../../components/deadline-text'
import { useModalDialog } from '../../../components/use-modal-dialog'
import type { Deadline } from '../../../lib/deadline'
import { t } from '../i18n'
import type { PlaySlide } from '../viewer-slides'
import { LockMark } from './locked-puri'
import { imageAlt, lockedAlt } from './saved-play-group'

const MAX_SCALE = 4
const DOUBLE_TAP_SCALE = 2.5
const DOUBLE_TAP_MS = 300
/** A horizontal move longer than this (px) at normal size turns the page. */
const SWIPE_PX = 50

interface Zoom {
  scale: number
  x: number
  y: number
}
const UNZOOMED: Zoom = { scale: 1, x: 0, y: 0 }

type Gesture =
  | { kind: 'drag'; startX: number; startY: number; from: Zoom; moved: boolean }
  | { kind: 'pinch'; startDistance: number; from: Zoom }

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y)

/** The file name a saved picture gets on the phone (as in the play's ZIP). */
export function imageFileName(play: SavedPlay, image: SavedImage): string {
  return `${play.sealId}-${image.puriNumber}${image.rawPuri ? '-raw' : ''}.jpg`
}

/** Whether this browser can hand image files to the share sheet (iOS and Android offer "save image" there). */
function canShareFiles(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false
  try {
    return navigator.canShare({ files: [new File([''], 'puri.jpg', { type: 'image/jpeg' })] })
  } catch {
    return false
  }
}

/** Save to phone: the share sheet with the original file where the browser offers it, else a download. */
function SaveToPhone({ play, image }: { play: SavedPlay; image: SavedImage }) {
  const [shareable] = useState(canShareFiles)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const fileName = imageFileName(play, image)

  if (!shareable || failed) {
    return (
      <>
        <a className="button button--block" href={image.originalUrl} download={fileName}>
          {t('mypageList.viewer.save')}
        </a>
        {failed && (
          <p className="field-error" role="alert">
            {t('mypageList.viewer.saveFailed')}
          </p>
        )}
      </>
    )
  }

  async function share() {
    setBusy(true)
    try {
      const response = await fetch(image.originalUrl, { credentials: 'include' })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const file = new File([await response.blob()], fileName, { type: 'image/jpeg' })
      await navigator.share({ files: [file] })
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <button type="button" className="button button--block" disabled={busy} onClick={() => void share()}>
      {busy ? t('mypageList.viewer.preparing') : t('mypageList.viewer.save')}
    </button>
  )
}

/** An unsaved picture in the viewer: locked, until when, and the way to premium instead of saving. */
function LockedOffer({ deadline }: { deadline: Deadline | null }) {
  return (
    <div className="image-viewer__offer">
      <p className="image-viewer__offer-title">
        <LockMark />
        {t('mypageList.viewer.locked.title')}
      </p>
      {deadline && deadline.state !== 'passed' && (
        <p>
          {t('mypageList.play.deadline')} <DeadlineText deadline={deadline} />
        </p>
      )}
      <p>{t('mypageList.viewer.locked.body')}</p>
      <AppLink href={links.premiumRegistration} className="button button--block">
        {t('mypageList.viewer.locked.action')}
      </AppLink>
    </div>
  )
}

/** The picture on the stage: a saved one's medium size, or a locked one's preview (blurred by CSS). */
function SlideImage({ play, slide, zoom }: { play: SavedPlay; slide: PlaySlide; zoom: Zoom }) {
  const saved = slide.kind === 'saved'
  return (
    <img
      key={slide.key}
      className={saved ? undefined : 'image-viewer__locked'}
      src={slide.kind === 'saved' ? slide.image.mediumUrl : slide.puri.previewUrl}
      alt={slide.kind === 'saved' ? imageAlt(play, slide.image) : lockedAlt(play, slide.puri)}
      width={saved ? 600 : 480}
      height={saved ? 800 : 640}
      decoding="async"
      draggable={false}
      style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
    />
  )
}

function isRaw(slide: PlaySlide): boolean {
  return slide.kind === 'saved' ? slide.image.rawPuri : slide.puri.rawPuri
}

interface SavedImageViewerProps {
  play: SavedPlay
  /** The play's pictures as its grid shows them: saved, then (to a free member) locked. */
  slides: PlaySlide[]
  index: number
  /** The play's deadline, told on a locked picture. */
  deadline: Deadline | null
  onIndex: (index: number) => void
  onClose: () => void
}

/**
 * A play's pictures full screen: a modal dialog (focus stays inside; Escape and the close button
 * close it), swipe or the arrow buttons and keys for the next and previous picture, pinch or
 * double-tap to zoom, and saving to the phone. A locked picture (not saved by a free member) is
 * shown as such, its preview with the way to premium, and counted: 2 / 4.
 */
export function SavedImageViewer({ play, slides, index, deadline, onIndex, onClose }: SavedImageViewerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const [zoom, setZoom] = useState<Zoom>(UNZOOMED)
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const gesture = useRef<Gesture | null>(null)
  const lastTap = useRef(0)
  const slide = slides[index]
  const count = slides.length
  const hasPrevious = index > 0
  const hasNext = index < count - 1

  useModalDialog(dialogRef)
  // The close button first: the dialog opens on a picture, whose way out is the first thing to reach.
  useEffect(() => closeRef.current?.focus(), [])

  // Each picture starts at its normal size.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the picture changes
  useEffect(() => setZoom(UNZOOMED), [index])

  if (!slide) return null

  const go = (step: -1 | 1) => {
    const next = index + step
    if (next >= 0 && next < count) onIndex(next)
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId)
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    const [a, b] = [...pointers.current.values()]
    if (a && b) gesture.current = { kind: 'pinch', startDistance: distance(a, b) || 1, from: zoom }
    else
      gesture.current = {
        kind: 'drag',
        startX: event.clientX,
        startY: event.clientY,
        from: zoom,
        moved: false,
      }
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    const current = gesture.current
    if (current?.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()]
      if (!a || !b) return
      const scale = Math.min(
        MAX_SCALE,
        Math.max(1, current.from.scale * (distance(a, b) / current.startDistance)),
      )
      setZoom({ ...current.from, scale })
    } else if (current?.kind === 'drag') {
      const dx = event.clientX - current.startX
      const dy = event.clientY - current.startY
      if (Math.hypot(dx, dy) > 10) current.moved = true
      // Zoomed in, a drag moves the picture; at normal size it is a swipe, judged on release.
      if (current.from.scale > 1) setZoom({ ...current.from, x: current.from.x + dx, y: current.from.y + dy })
    }
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.delete(event.pointerId)) return
    const current = gesture.current
    if (current?.kind === 'pinch') {
      // One finger left on the glass carries on as a drag of the zoomed picture.
      const [rest] = [...pointers.current.entries()]
      gesture.current = rest
        ? { kind: 'drag', startX: rest[1].x, startY: rest[1].y, from: zoom, moved: true }
        : null
      if (zoom.scale <= 1.05) setZoom(UNZOOMED)
      return
    }
    gesture.current = null
    if (current?.kind !== 'drag') return
    const dx = event.clientX - current.startX
    const dy = event.clientY - current.startY
    if (!current.moved) {
      if (event.timeStamp - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0
        setZoom(zoom.scale > 1 ? UNZOOMED : { scale: DOUBLE_TAP_SCALE, x: 0, y: 0 })
      } else {
        lastTap.current = event.timeStamp
      }
    } else if (current.from.scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      go(dx < 0 ? 1 : -1)
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="image-viewer"
      aria-label={t('mypageList.viewer.label')}
      onCancel={(event) => {
        // Escape: the page's hash decides what is open, so the dialog closes by going back.
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onClose()
        } else if (event.key === 'ArrowLeft') go(-1)
        else if (event.key === 'ArrowRight') go(1)
      }}
    >
      <div className="image-viewer__bar">
        <p className="image-viewer__position" aria-live="polite">
          {t('mypageList.viewer.position', { position: index + 1, count })}
          {isRaw(slide) && <span className="badge">{t('mypageList.play.rawBadge')}</span>}
          {slide.kind === 'locked' && (
            <span className="badge badge--locked">{t('mypageList.locked.mark')}</span>
          )}
        </p>
        <button
          ref={closeRef}
          type="button"
          className="button button--secondary button--small"
          onClick={onClose}
        >
          {t('common.close')}
        </button>
      </div>
      <div
        className="image-viewer__stage"
        data-testid="image-viewer-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <SlideImage play={play} slide={slide} zoom={zoom} />
      </div>
      {slide.kind === 'saved' && <p className="image-viewer__hint">{t('mypageList.viewer.zoomHint')}</p>}
      <div className="image-viewer__nav">
        <button
          type="button"
          className="button button--secondary"
          disabled={!hasPrevious}
          onClick={() => go(-1)}
        >
          {t('mypageList.viewer.previous')}
        </button>
        <button type="button" className="button button--secondary" disabled={!hasNext} onClick={() => go(1)}>
          {t('mypageList.viewer.next')}
        </button>
      </div>
      {slide.kind === 'saved' ? (
        <SaveToPhone key={slide.key} play={play} image={slide.image} />
      ) : (
        <LockedOffer deadline={deadline} />
      )}
    </dialog>
  )
}
