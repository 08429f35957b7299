import { describe, expect, it } from 'vitest'
import { hashPassword } from '../modules/auth/passwords'
import { createAccount } from '../test/factories'
import { postAsBrowser, useTestApp } from '../test/harness'

const PASSWORD = 'sakura-purikura-7'

/** Where cookies are Secure (production), their names carry `__Host-`, and only such a cookie counts. */
describe('cookies with the __Host- prefix where they are Secure', () => {
  const ctx = useTestApp({ cookieSecure: true })

  async function signIn() {
    await createAccount(ctx().db, {
      mailAddress: 'mio@example.jp',
      passwordHash: await hashPassword(PASSWORD),
    })
    const response = await postAsBrowser(
      ctx().app,
      '/sp//ajax/login/',
      { mailAddress: 'mio@example.jp', password: PASSWORD },
      { ip: '192.0.2.10' },
    )
    expect(response.statusCode, response.body).toBe(200)
    return response
  }

  it('names the session and device cookies __Host-…: Secure, path /, no domain', async () => {
    const response = await signIn()
    for (const name of ['__Host-pbx_session', '__Host-pbx_device']) {
      const cookie = response.cookies.find((c) => c.name === name)
      expect(cookie, name).toMatchObject({ secure: true, path: '/', httpOnly: true })
      expect(cookie?.domain, name).toBeUndefined()
    }
    expect(response.cookies.map((c) => c.name)).not.toContain('pbx_session')
  })

  it('takes the session from the prefixed cookie only: a plain one planted by another subdomain is nobody', async () => {
    const response = await signIn()
    const session = response.cookies.find((c) => c.name === '__Host-pbx_session')!.value
    const self = (cookie: string) => ctx().app.inject({ url: '/sp/2/account/self', headers: { cookie } })
    expect((await self(`__Host-pbx_session=${session}`)).json().entity.membershipStatus).toBe('MINI')
    expect((await self(`pbx_session=${session}`)).json().entity.membershipStatus).toBe('GUEST')
  })

  it('signing out clears the prefixed cookie', async () => {
    const response = await signIn()
    const session = response.cookies.find((c) => c.name === '__Host-pbx_session')!.value
    const out = await postAsBrowser(
      ctx().app,
      '/sp/2/account/logout',
      {},
      { cookie: `__Host-pbx_session=${session}`, ip: '192.0.2.10' },
    )
    const cleared = out.cookies.find((c) => c.name === '__Host-pbx_session')
    expect(cleared).toMatchObject({ value: '', secure: true, path: '/' })
  })
})
