import { REGISTERED_PARAM } from '@puribox/contract/pages'
import type { ReactNode } from 'react'
import { useSearchParams } from 'wouter'
import './registered-notice.css'

/**
 * Whether this page is where a registration ended: `/sp/2/cookie/afterRegister` marks it with
 * `registered=1`, whichever way the person signed up (mail, LINE, X, a carrier's ID).
 */
export function useJustRegistered(): boolean {
  const [searchParams] = useSearchParams()
  return searchParams.get(REGISTERED_PARAM) === '1'
}

/**
 * "Registration complete" at the top of the page a registration ended on, with what the person can
 * do now. A status: screen readers read it out without moving the focus.
 */
export function RegisteredNotice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="registered-notice" role="status">
      <p className="registered-notice__title">
        <span className="registered-notice__mark" aria-hidden="true">
          ✓
        </span>
        {title}
      </p>
      {children}
    </section>
  )
}
