import type { PaymentKind, PaymentPlan } from '@puribox/contract/payments'
import { api } from '@puribox/contract/routes'
import { injectOptions } from './contract-requests'
import type { TestContext } from './harness'

/**
 * The member (by session cookie) becomes premium as members do: PuriBox sends them to the sandbox
 * gateway's consent page, they approve (the test card, or a carrier's test line), and the gateway's
 * notification is delivered. Answers PuriBox's id of the subscription and the gateway's.
 */
export async function subscribe(
  { app }: Pick<TestContext, 'app'>,
  cookie: string,
  options: {
    kind?: PaymentKind
    trial?: boolean
    /** The plan the confirmation page showed; the server's pick when absent. */
    plan?: PaymentPlan
    carrier?: 'ezweb' | 'docomo' | 'softbank'
    deliver?: boolean
  } = {},
): Promise<{ subscriptionId: string; gatewayRef: string; returnedTo: string }> {
  const started = await app.inject(
    injectOptions(
      api.startSubscription,
      {
        body: {
          kind: options.kind ?? 'CREDIT',
          trial: options.trial ?? false,
          ...(options.plan ? { plan: options.plan } : {}),
        },
      },
      { cookie, ...(options.carrier ? { 'x-puribox-carrier': options.carrier } : {}) },
    ),
  )
  if (started.statusCode !== 200) throw new Error(`subscribe: ${started.body}`)
  const consent = new URL(started.json().entity.redirectUrl as string)
  const approved = await app.inject({
    method: 'POST',
    url: consent.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload:
      (options.kind ?? 'CREDIT') === 'CREDIT'
        ? 'answer=approve&card=4242424242424242&expiry=12%2F30&code=123'
        : 'answer=approve&person=sakura',
  })
  if (approved.statusCode !== 303) throw new Error(`subscribe: consent answered ${approved.statusCode}`)
  const returnedTo = String(approved.headers.location)
  if (options.deliver ?? true) await app.sandboxPay!.deliverDue()
  return {
    subscriptionId: new URL(returnedTo).searchParams.get('subscriptionId')!,
    gatewayRef: consent.pathname.split('/').pop()!,
    returnedTo,
  }
}
