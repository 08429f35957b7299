import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import { Link, useLocation } from 'wouter'
import { browserPage } from '../lib/page-navigation'
import { t } from './i18n'
import { CONSOLE_SECTIONS, HOME_PATH, isInSection, signInPath } from './paths'
import { type SignedInOperator, signOut } from './session/session-api'
import './admin.css'
import './kit/kit.css'

/**
 * The frame of every console screen: the console's name, who is signed in with their role, signing
 * out, and the console's sections.
 */
export function ConsoleFrame({
  operator,
  children,
}: {
  operator: SignedInOperator | null
  children: ReactNode
}) {
  const [path] = useLocation()
  const main = useRef<HTMLElement>(null)
  const shownPath = useRef(path)
  // A new screen (signing in included): a screen reader starts reading it from the top.
  useEffect(() => {
    if (shownPath.current === path) return
    shownPath.current = path
    main.current?.focus({ preventScroll: true })
  }, [path])
  return (
    <div className="console">
      <a className="skip-link" href="#console-main">
        {t('admin.skipToContent')}
      </a>
      <header className="console-header">
        <div className="console-header__bar">
          {operator ? (
            <Link href={HOME_PATH} className="console-brand">
              <span className="logo__mark" aria-hidden="true" />
              {t('admin.brand')}
            </Link>
          ) : (
            <span className="console-brand">
              <span className="logo__mark" aria-hidden="true" />
              {t('admin.brand')}
            </span>
          )}
          {operator && <SignedIn operator={operator} />}
        </div>
        {operator && <ConsoleNav path={path} />}
      </header>
      <main id="console-main" ref={main} className="console-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}

/** Who is signed in and signing out: in the bar beside the console's name (on a phone, the address under it). */
function SignedIn({ operator }: { operator: SignedInOperator }) {
  const leaving = useMutation({
    mutationFn: signOut,
    // A whole page load: nothing this session showed stays in the tab's memory.
    onSuccess: () => browserPage.load(signInPath({ reason: 'signedOut' })),
  })
  return (
    <>
      <p className="console-who">
        <span className="visually-hidden">{t('admin.frame.who')}</span>
        <span className="console-who__mail">{operator.mailAddress}</span>
        <span className="badge console-who__role">{t(`admin.roles.${operator.role}`)}</span>
      </p>
      <button
        type="button"
        className="button button--secondary button--small console-sign-out"
        disabled={leaving.isPending}
        onClick={() => leaving.mutate()}
      >
        {leaving.isPending ? t('admin.frame.signingOut') : t('admin.frame.signOut')}
      </button>
      {leaving.isError && (
        <p className="console-sign-out-problem" role="alert">
          {t('admin.frame.signOutFailed')}
        </p>
      )}
    </>
  )
}

/**
 * The console's sections, the one shown marked as the current page (the home too, first). On a
 * phone they are a strip that scrolls sideways; the current one is brought into the strip's view,
 * so a section far along the list is not off the screen when it is the one open.
 */
function ConsoleNav({ path }: { path: string }) {
  const strip = useRef<HTMLElement>(null)
  const links = [
    {
      key: 'home',
      path: HOME_PATH,
      name: t('admin.nav.home'),
      current: path.replace(/\/+$/, '') === HOME_PATH,
    },
    ...CONSOLE_SECTIONS.map((section) => ({
      key: section.key,
      path: section.path,
      name: t(`admin.sections.${section.key}.name`),
      current: isInSection(path, section.path),
    })),
  ]
  const currentKey = links.find((link) => link.current)?.key
  useEffect(() => {
    const nav = strip.current
    const current = currentKey ? nav?.querySelector<HTMLElement>(`[data-section="${currentKey}"]`) : null
    // The strip alone scrolls, to the link's middle where it can; the page stays where it is.
    if (nav && current) nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2
  }, [currentKey])
  return (
    <nav ref={strip} className="console-nav" aria-label={t('admin.nav.label')}>
      <ul className="console-nav__list">
        {links.map((link) => (
          <li key={link.key}>
            <Link
              href={link.path}
              className="console-nav__link"
              data-section={link.key}
              aria-current={link.current ? 'page' : undefined}
            >
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
