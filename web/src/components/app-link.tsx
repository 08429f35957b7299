import { pages } from '@puribox/contract/pages'
import type { AnchorHTMLAttributes } from 'react'
import { Link } from 'wouter'

const spaPaths: ReadonlySet<string> = new Set(pages.map((page) => page.path))

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string }

/** A link that stays inside the web app for its pages and loads any other path from the server. */
export function AppLink({ href, ...rest }: AppLinkProps) {
  const path = href.split(/[?#]/)[0] ?? href
  if (spaPaths.has(path)) return <Link href={href} {...rest} />
  return <a href={href} {...rest} />
}
