import { describe, expect, it } from 'vitest'
import { DEV_PAYMENT, loadConfig } from '../../config'
import { useTestApp } from '../../test/harness'

/** The sandbox gateway's API, as PuriBox's server calls it, refusing return addresses off the site. */
describe('sandbox gateway API: return addresses', () => {
  const ctx = useTestApp()
  const { publicUrl } = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' })

  function call(path: string, body: Record<string, unknown>) {
    return ctx().app.inject({
      method: 'POST',
      url: `/_sandbox/pay/v1/credit/${path}`,
      headers: { authorization: `Bearer ${DEV_PAYMENT.apiKey}`, 'content-type': 'application/json' },
      payload: { merchantId: DEV_PAYMENT.merchantId, ...body },
    })
  }

  const start = (returnUrl: string) =>
    call('subscriptions', {
      merchantRef: 'ref-1',
      plan: 'credit',
      amountYen: 330,
      trialDays: 0,
      returnUrl,
    })

  it('starts a subscription that returns to the registered site', async () => {
    const response = await start(`${publicUrl}/web/payment/complete?subscriptionId=s1`)
    expect(response.statusCode).toBe(201)
  })

  it.each([
    'https://evil.example/web/payment/complete',
    `${publicUrl}/.//evil.example`,
    `${publicUrl}//evil.example`,
  ])('refuses a return address off the site: %s', async (returnUrl) => {
    expect((await start(returnUrl)).statusCode).toBe(400)
    expect((await call('withdrawal_sessions', { returnUrl })).statusCode).toBe(400)
    expect((await call('cancellation_sessions', { subscriptionId: 'x', returnUrl })).statusCode).toBe(400)
  })
})
