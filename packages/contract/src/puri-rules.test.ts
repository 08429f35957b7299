import { describe, expect, it } from 'vitest'
import { freePuriNumber, noFreePuriReason, puriNumbersToSave } from './puri-rules'

const puri = (number: number, isRawPuri = false, isProofSample = false) => ({
  number,
  rakugaki: { isRawPuri },
  isProofSample,
})

describe('freePuriNumber', () => {
  it('is the lowest-numbered puri that is neither raw nor a proof sample', () => {
    expect(freePuriNumber([puri(3), puri(1, true), puri(2, false, true), puri(4)])).toBe(3)
  })
  it('is null when every puri is raw or a proof sample', () => {
    expect(freePuriNumber([puri(1, true), puri(2, false, true)])).toBeNull()
  })
})

describe('puriNumbersToSave', () => {
  const puris = [puri(1, true), puri(2), puri(3)]
  it('saves the free one for mini and all (raw included) for premium', () => {
    expect(puriNumbersToSave('MINI', puris)).toEqual([2])
    expect(puriNumbersToSave('PREMIUM', puris)).toEqual([1, 2, 3])
  })
})

describe('noFreePuriReason', () => {
  it('is null when a mini member has a free puri', () => {
    expect(noFreePuriReason([puri(1, false, true), puri(2), puri(3, true)])).toBeNull()
  })
  it('is PROOF_SAMPLES when every doodled puri is a proof sample, raw versions or not', () => {
    expect(noFreePuriReason([puri(1, false, true), puri(2, false, true)])).toBe('PROOF_SAMPLES')
    expect(noFreePuriReason([puri(1, false, true), puri(2, true)])).toBe('PROOF_SAMPLES')
    expect(noFreePuriReason([puri(1, false, true), puri(2, true, true)])).toBe('PROOF_SAMPLES')
  })
  it('is RAW_ONLY when the seal has raw puris only', () => {
    expect(noFreePuriReason([puri(1, true), puri(2, true, true)])).toBe('RAW_ONLY')
  })
})
