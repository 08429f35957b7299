import { inquiryParamsSchema } from '@puribox/contract/admin-inquiries'
import type { ReactNode } from 'react'
import { Route, Switch } from 'wouter'
import type { SignedInOperator } from '../session/session-api'
import { InboxScreen } from './inbox-screen'
import { InquiriesProvider } from './inquiries-context'
import { INQUIRY_ROUTES } from './inquiry-paths'
import { InquiryScreen } from './inquiry-screen'
import './inquiries-area.css'

/**
 * The inquiries area (`/admin/inquiries/…`): the inbox and each inquiry's page. Every operator reads;
 * what a role may not do is not offered (inquiry-access.ts). A path of the area that names no screen
 * is left to the console's not-found screen (`fallback`).
 */
export function InquiriesScreens({
  operator,
  fallback,
}: {
  operator: SignedInOperator
  fallback: ReactNode
}) {
  return (
    <InquiriesProvider operator={operator}>
      <Switch>
        <Route path={INQUIRY_ROUTES.inbox}>
          <InboxScreen />
        </Route>
        <Route path={INQUIRY_ROUTES.inquiry}>
          {(params) =>
            // An id of no inquiry's form names no page: the server would refuse it as a bad request.
            inquiryParamsSchema.safeParse(params).success ? (
              <InquiryScreen key={params.inquiryId} inquiryId={params.inquiryId} />
            ) : (
              fallback
            )
          }
        </Route>
        <Route>{fallback}</Route>
      </Switch>
    </InquiriesProvider>
  )
}
