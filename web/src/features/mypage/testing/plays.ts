import type { SavedImage, SavedPlay, UnsavedPuri } from '@puribox/contract/mypage'
import { jstFromNow } from '../../../testing/clock'

/**
 * Test factories for my page's plays, as `GET /sp/2/mypage/plays` answers them: shot an hour and a
 * half before the test clock's now, saved at now, expiring seven days after the shot.
 */

export function buildSavedImage(id: number, overrides: Partial<SavedImage> = {}): SavedImage {
  const imageId = `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`
  return {
    imageId,
    puriNumber: id,
    rawPuri: false,
    savedAt: jstFromNow({}),
    thumbnailUrl: `/sp/2/mypage/image/${imageId}_thumb.jpg`,
    qvgaUrl: `/sp/2/mypage/image/${imageId}_qvga.jpg`,
    mediumUrl: `/sp/2/mypage/image/${imageId}_medium.jpg`,
    originalUrl: `/sp/2/mypage/image/${imageId}.jpg`,
    ...overrides,
  }
}

export function buildSavedPlay(sealId: string, overrides: Partial<SavedPlay> = {}): SavedPlay {
  return {
    sealId,
    shotAt: jstFromNow({ hours: -1.5 }),
    machine: { id: 'm1', name: 'ミラクルボックス', seriesId: 's1', version: '1' },
    registeredAt: jstFromNow({}),
    sealExpireDate: jstFromNow({ days: 7, hours: -1.5 }),
    images: [buildSavedImage(1), buildSavedImage(2), buildSavedImage(3, { rawPuri: true })],
    unsavedCount: 0,
    zipUrl: `/sp/2/mypage/plays/${sealId}/zip`,
    ...overrides,
  }
}

export function buildLockedPuri(sealId: string, puriNumber: number, rawPuri = false): UnsavedPuri {
  return { puriNumber, rawPuri, previewUrl: `/sp/2/images/unsaved/${sealId}-${puriNumber}` }
}

/** A free member's play: one picture saved, three unsaved (the last one raw). */
export function buildMiniPlay(sealId: string): SavedPlay {
  return buildSavedPlay(sealId, {
    images: [buildSavedImage(1)],
    unsavedCount: 3,
    unsavedPuris: [buildLockedPuri(sealId, 2), buildLockedPuri(sealId, 3), buildLockedPuri(sealId, 4, true)],
  })
}

export const buildPlaysPage = (items: SavedPlay[], currentPage = 1, totalPage = 1) => ({
  totalCount: items.length,
  currentPage,
  totalPage,
  items,
})
