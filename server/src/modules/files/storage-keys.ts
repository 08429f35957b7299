import { randomUUID } from 'node:crypto'

/** The areas of the storage port; the first part of every key. */
export type StorageArea = 'puris' | 'profile' | 'certificates' | 'ads'

/**
 * Where a new file goes in the storage port. The files module is the one place that names keys: an
 * area and a random id (the caller may pass the random id its row already has), so a key says
 * nothing about whose the file is.
 */
export function newStorageKey(
  area: StorageArea,
  extension: 'jpg' | 'png' | 'heic',
  id: string = randomUUID(),
): string {
  return `${area}/${id}.${extension}`
}

/** The copies made from a stored file on demand (decision 0013: a WebP of each smaller size). */
export type Derivative = 'webp'

/**
 * Where the copy of a stored file is kept: next to it, named from it, so forgetting the file
 * (`FilesRepository.forget`) lists its copies too, whoever made them.
 */
export function derivativeKey(storageKey: string, derivative: Derivative): string {
  return `${storageKey}.${derivative}`
}

const DERIVATIVES: readonly Derivative[] = ['webp']

/** The file and every copy that may have been made of it. */
export function withDerivatives(storageKey: string): string[] {
  return [storageKey, ...DERIVATIVES.map((derivative) => derivativeKey(storageKey, derivative))]
}
