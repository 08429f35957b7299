import { CERTIFICATE_SLOTS, type CertificateSlot, type JhsApplyBody } from '@puribox/contract/jhs-free'
import { expect } from 'vitest'
import { buildImage } from './factories'
import type { TestContext } from './harness'

const XHR = { 'x-requested-with': 'XMLHttpRequest' }

/** A second-year pupil on TEST_NOW (2026-11-20, school year 2026: born 2012-04-02 to 2013-04-01). */
export const JHS_PROFILE: Omit<JhsApplyBody, 'certificates'> = {
  familyName: '山田',
  givenName: '花子',
  birthYear: 2012,
  birthMonth: 9,
  birthDay: 10,
  mailAddress: 'hanako@example.jp',
  grade: 2,
  kindDocument: 'PASSPORT',
}

/** A certificate picture as the applicant sent it. */
export interface SentCertificate {
  data: Buffer
  contentType: 'image/jpeg' | 'image/png'
}

/**
 * A junior-high application sent as the member's browser sends it, at the clock's "now": four
 * pictures (JPEG and PNG by turns, each its own colour), each uploaded in one chunk, then the form.
 */
export async function submitJhsApplication(
  ctx: TestContext,
  cookie: string,
  profile: Omit<JhsApplyBody, 'certificates'> = JHS_PROFILE,
): Promise<{ id: string; certificates: Record<CertificateSlot, SentCertificate> }> {
  const headers = { ...XHR, cookie }
  const ids: Partial<Record<CertificateSlot, string>> = {}
  const sent: Partial<Record<CertificateSlot, SentCertificate>> = {}
  for (const [index, slot] of CERTIFICATE_SLOTS.entries()) {
    const format = index % 2 ? 'png' : 'jpeg'
    const data = await buildImage({ width: 120, height: 80, hue: index + 1, format })
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/sp/2/jhs_free/self/uploads',
      headers,
      payload: { slot, byteSize: data.length, fileName: `${slot}.${format}` },
    })
    const id: string = started.json().entity.id
    const done = await ctx.app.inject({
      method: 'PUT',
      url: `/sp/2/jhs_free/self/uploads/${id}?offset=0`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: data,
    })
    expect(done.json().entity?.state, done.body).toBe('COMPLETE')
    ids[slot] = id
    sent[slot] = { data, contentType: format === 'png' ? 'image/png' : 'image/jpeg' }
  }
  const applied = await ctx.app.inject({
    method: 'POST',
    url: '/sp/2/jhs_free/self/application',
    headers,
    payload: { ...profile, certificates: ids },
  })
  expect(applied.statusCode, applied.body).toBe(200)
  return {
    id: applied.json().entity.id,
    certificates: sent as Record<CertificateSlot, SentCertificate>,
  }
}
