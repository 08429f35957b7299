import { describe, expect, it } from 'vitest'
import { DEV_VERIFIER, loadConfig } from '../config'
import { loopbackFetch } from '../http/loopback-fetch'
import { SANDBOX_SESSION_MINUTES } from '../sandbox/verify/sandbox-verify'
import { useTestApp } from '../test/harness'
import type { HttpFetch } from './auth-service'
import { createIdentityVerifier, IdentityVerifierError } from './identity-verifier'

const AUDITION = 'model-2027-spring'
const RETURN = 'http://localhost:3000/sp/audition?check=x'

/** The client of the identity verifier, against the sandbox verifier over (in-process) HTTP. */
describe('identity verifier client against the sandbox', () => {
  const ctx = useTestApp()
  const { publicUrl, verifier: settings } = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' })

  function client(overrides: { apiKey?: string; fetch?: HttpFetch } = {}) {
    return createIdentityVerifier({
      ...settings,
      fetch: loopbackFetch(publicUrl, () => ctx().app),
      ...overrides,
    })
  }

  async function failure(promise: Promise<unknown>): Promise<IdentityVerifierError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(IdentityVerifierError)
    return error as IdentityVerifierError
  }

  it('reads an audition and whether the member may start', async () => {
    expect(await client().audition('member-1', AUDITION)).toMatchObject({ id: AUDITION, status: 'OPEN' })
    expect(await client().available('member-1', AUDITION)).toEqual({ available: true, reason: null })
    ctx().app.sandboxVerify!.setClosed(AUDITION, true)
    expect(await client().audition('member-1', AUDITION)).toMatchObject({ status: 'CLOSED' })
    expect(await client().available('member-1', AUDITION)).toEqual({ available: false, reason: 'CLOSED' })
  })

  it('starts a session once per key, and reads it for its member only', async () => {
    const started = await client().startSession('member-1', AUDITION, { returnUrl: RETURN, key: 'k1' })
    expect(started).toMatchObject({ auditionId: AUDITION, status: 'PENDING', completedAt: null })
    expect(started.url).toBe(`${publicUrl}/_sandbox/verify/session/${started.id}`)
    const again = await client().startSession('member-1', AUDITION, { returnUrl: RETURN, key: 'k1' })
    expect(again.id).toBe(started.id)
    const other = await client().startSession('member-1', AUDITION, { returnUrl: RETURN, key: 'k2' })
    expect(other.id).not.toBe(started.id)

    ctx().app.sandboxVerify!.settle(started.id, 'VERIFIED')
    expect(await client().session('member-1', AUDITION, started.id)).toMatchObject({
      status: 'VERIFIED',
      completedAt: expect.any(String),
    })
    expect(await client().available('member-1', AUDITION)).toEqual({
      available: false,
      reason: 'ALREADY_VERIFIED',
    })
    // Another member (or another audition) does not see the session.
    expect((await failure(client().session('member-2', AUDITION, started.id))).kind).toBe('NOT_FOUND')
    expect((await failure(client().session('member-1', 'adult-ad-2027', started.id))).kind).toBe('NOT_FOUND')
  })

  it.each([
    'https://evil.example/sp/audition',
    `${publicUrl}/.//evil.example`,
    'javascript:alert(document.cookie)//',
  ])('sends nobody back anywhere but the registered site: %s', async (returnUrl) => {
    const refused = await failure(client().startSession('member-1', AUDITION, { returnUrl, key: 'k' }))
    expect(refused.kind).toBe('REFUSED')
  })

  it('expires a session nobody finished', async () => {
    const started = await client().startSession('member-1', AUDITION, { returnUrl: RETURN, key: 'k' })
    ctx().clock.advance(SANDBOX_SESSION_MINUTES * 60_000)
    expect(await client().session('member-1', AUDITION, started.id)).toMatchObject({
      status: 'EXPIRED',
      completedAt: started.expiresAt,
    })
  })

  it('fails typed: down, refused, unknown, unreachable, or answering something else', async () => {
    ctx().app.sandboxVerify!.setFailing(true)
    expect((await failure(client().audition('member-1', AUDITION))).kind).toBe('UNAVAILABLE')
    ctx().app.sandboxVerify!.setFailing(false)
    expect(
      (await failure(client({ apiKey: `${DEV_VERIFIER.apiKey}-wrong` }).available('m', AUDITION))).kind,
    ).toBe('REFUSED')
    expect((await failure(client().audition('member-1', 'no-such-audition'))).kind).toBe('NOT_FOUND')
    const unreachable: HttpFetch = async () => {
      throw new TypeError('fetch failed')
    }
    expect((await failure(client({ fetch: unreachable }).audition('m', AUDITION))).kind).toBe('UNAVAILABLE')
    const strange: HttpFetch = async () => new Response('{"status":"VERIFIED"}', { status: 200 })
    expect((await failure(client({ fetch: strange }).session('m', AUDITION, 'vs_1'))).kind).toBe(
      'UNAVAILABLE',
    )
  })
})
