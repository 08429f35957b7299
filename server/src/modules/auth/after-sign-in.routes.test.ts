import { describe, expect, it } from 'vitest'
import { createAccount, createSession, publishPolicies } from '../../test/factories'
import { useTestApp } from '../../test/harness'

describe('after sign-in landings', () => {
  const ctx = useTestApp()

  async function member() {
    const account = await createAccount(ctx().db)
    return createSession(ctx().db, ctx().clock, { accountId: account.id })
  }

  function land(path: string, cookie?: string) {
    return ctx().app.inject({ url: path, headers: cookie ? { cookie } : {} })
  }

  it.each([
    ['/sp/2/cookie/afterLogin', '/web/preview?sealId=ABCDE12345'],
    ['/sp/2/cookie/afterRegister', '/web/preview?sealId=ABCDE12345&registered=1'],
  ])('%s goes on to a same-origin next and remembers the method', async (path, landing) => {
    const { cookie } = await member()
    const response = await land(`${path}?method=line&next=%2Fweb%2Fpreview%3FsealId%3DABCDE12345`, cookie)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(landing)
    const remembered = response.cookies.find((c) => c.name === 'pbx_last_login')
    expect(remembered).toMatchObject({ value: 'line', path: '/', sameSite: 'Lax' })
    expect(remembered?.httpOnly).toBeUndefined()
  })

  it.each([
    '//evil.example/',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%0d%0aLocation: https://evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/..//evil.example',
    '/%5cevil.example',
    '/.\t//evil.example',
  ])('never follows %j off the site', async (next) => {
    const { cookie } = await member()
    const response = await land(`/sp/2/cookie/afterLogin?next=${encodeURIComponent(next)}`, cookie)
    expect(response.statusCode).toBe(303)
    const location = response.headers.location as string
    expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\')).toBe(true)
    expect(location).not.toContain('evil.example\r')
    // Decided on where a browser would go, not on how the header reads.
    expect(new URL(location, 'https://puribox.example/sp/').origin).toBe('https://puribox.example')
  })

  it('a registration marks the page it ends on, keeping its query and fragment; a sign-in does not', async () => {
    const { cookie } = await member()
    const save = encodeURIComponent('/web/mypage?sealId=ABCDE12345&from=inputSealId')
    const registered = await land(`/sp/2/cookie/afterRegister?method=line&next=${save}`, cookie)
    expect(registered.headers.location).toBe('/web/mypage?sealId=ABCDE12345&from=inputSealId&registered=1')
    const home = await land('/sp/2/cookie/afterRegister?method=mail', cookie)
    expect(home.headers.location).toBe('/sp/2/mypage/?registered=1#/puri/new')
    const signedIn = await land(`/sp/2/cookie/afterLogin?method=line&next=${save}`, cookie)
    expect(signedIn.headers.location).toBe('/web/mypage?sealId=ABCDE12345&from=inputSealId')
  })

  it('sends a next with characters beyond ASCII on percent-encoded (a header takes no others)', async () => {
    const { cookie } = await member()
    const response = await land(
      `/sp/2/cookie/afterLogin?next=${encodeURIComponent('/\u1f1f?q=プリ')}`,
      cookie,
    )
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/%E1%BC%9F?q=%E3%83%97%E3%83%AA')
  })

  it("goes to my page (a member's home) without next, and ignores an unknown method", async () => {
    const { cookie } = await member()
    const response = await land('/sp/2/cookie/afterLogin?method=fax', cookie)
    expect(response.headers.location).toBe('/sp/2/mypage/#/puri/new')
    expect(response.cookies.find((c) => c.name === 'pbx_last_login')).toBeUndefined()
  })

  it('a member who has not agreed to the latest policies agrees first, then goes on', async () => {
    await publishPolicies(ctx().db)
    const { cookie } = await member()
    // A registration that did not agree on the way: the page says it is the registration's last step.
    const response = await land('/sp/2/cookie/afterRegister?method=mail&next=%2Fweb%2Fpreview', cookie)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(
      '/sp/privacy_policy/agreement?afterAgreement=%2Fweb%2Fpreview%3Fregistered%3D1&reason=registration',
    )
    // An older account that never agreed: no reason to tell.
    const signedIn = await land('/sp/2/cookie/afterLogin?method=mail&next=%2Fweb%2Fpreview', cookie)
    expect(signedIn.headers.location).toBe('/sp/privacy_policy/agreement?afterAgreement=%2Fweb%2Fpreview')

    const agreed = await ctx().app.inject({
      method: 'POST',
      url: '/sp/2/users/self/privacy_policy_statuses',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: {
        policies: [
          { kind: 'furyu', version: '2026-04-01' },
          { kind: 'puribox', version: '2026-04-01' },
        ],
      },
    })
    expect(agreed.statusCode).toBe(200)
    const again = await land('/sp/2/cookie/afterLogin?next=%2Fweb%2Fpreview', cookie)
    expect(again.headers.location).toBe('/web/preview')
  })

  it('sends a guest to sign in, keeping where they were going', async () => {
    const response = await land('/sp/2/cookie/afterLogin?next=%2Fsp%2Fsetting%2Fsetting')
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/web/login/top?next=%2Fsp%2Fsetting%2Fsetting')
  })

  it('an over-long next is a typed error, not a crash', async () => {
    const response = await land(`/sp/2/cookie/afterLogin?next=/${'a'.repeat(3000)}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
  })
})
