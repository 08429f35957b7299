import type { AnchorHTMLAttributes } from 'react'
import { Link } from 'wouter'
import { isAppPage } from '../lib/page-navigation'

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string }

/** A link that stays inside the web app for its pages and loads any other path from the server. */
export function AppLink({ href, ...rest }: AppLinkProps) {
  if (isAppPage(href)) return <Link href={href} {...rest} />
  return <a href={href} {...rest} />
}
