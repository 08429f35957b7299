import type { SavedImage, SavedPlay, UnsavedPuri } from '@puribox/contract/mypage'
import { parseJst } from '@puribox/contract/time'
import { unsavedPuriId } from '@puribox/contract/unsaved-rules'
import { type Deadline, saveDeadline } from '../../lib/deadline'

/**
 * A picture of a play as my page shows it, in its grid and in the viewer. Its key names it in the
 * address (`#/puri/{sealId}/{key}`): the image id of a saved picture, the `{sealId}-{puriNumber}` of
 * an unsaved one.
 */
export type PlaySlide =
  | { kind: 'saved'; key: string; image: SavedImage }
  | { kind: 'locked'; key: string; puri: UnsavedPuri }

export interface PlayView {
  /** The saved pictures, then the locked ones: the viewer counts 1 / 4, 1 saved and 3 waiting. */
  slides: PlaySlide[]
  /** Until when the unsaved ones can still be kept (null: the date could not be read). */
  deadline: Deadline | null
  /** Unsaved pictures are shown: a free member's, while they can still be saved. */
  waiting: boolean
}

/**
 * What my page shows of a play to a viewer who is not known to be premium (`mini`) at `now`: the
 * group and the viewer both take it from here, so that they count the same pictures.
 */
export function playView(play: SavedPlay, { mini, now }: { mini: boolean; now: Date }): PlayView {
  const expiry = parseJst(play.sealExpireDate)
  const deadline = expiry ? saveDeadline(expiry, now) : null
  const waiting = mini && play.unsavedCount > 0 && deadline !== null && deadline.state !== 'passed'
  const saved = play.images.map((image): PlaySlide => ({ kind: 'saved', key: image.imageId, image }))
  const locked = waiting
    ? (play.unsavedPuris ?? []).map(
        (puri): PlaySlide => ({ kind: 'locked', key: unsavedPuriId(play.sealId, puri.puriNumber), puri }),
      )
    : []
  return { slides: [...saved, ...locked], deadline, waiting }
}
