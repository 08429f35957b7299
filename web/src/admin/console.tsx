import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useRef } from 'react'
import { Link, Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter'
import { LoadFailure } from '../components/load-failure'
import { LoadingState } from '../components/loading-state'
import { AuditScreen } from './audit/audit-screen'
import { ConsoleTitle } from './console-title'
import { ConsoleFrame } from './frame'
import { HomeScreen } from './home/home-screen'
import { t } from './i18n'
import { NumbersScreen } from './numbers/numbers-screen'
import {
  ADS_PATH,
  APPLICATIONS_PATH,
  AUDIT_PATH,
  AUDITIONS_PATH,
  BANNERS_PATH,
  BOOTHS_PATH,
  COUPONS_PATH,
  consoleReturnPath,
  FLOWS_PATH,
  HELP_PATH,
  HOME_PATH,
  INFORMATION_PATH,
  INQUIRIES_PATH,
  MEMBERS_PATH,
  NEWS_PATH,
  NUMBERS_PATH,
  SEALS_PATH,
  SIGN_IN_PATH,
  signInPath,
} from './paths'
import { readSignedInOperator, SESSION_QUERY_KEY, type SignedInOperator } from './session/session-api'
import { SignInScreen } from './session/sign-in-screen'

/** The members area is a chunk of its own, fetched when first shown, as the booths area is. */
const MembersScreens = lazy(() =>
  import('./members/members-screens').then((module) => ({ default: module.MembersScreens })),
)

/** The booths area is a chunk of its own, fetched when first shown: the console starts without its forms. */
const BoothsScreens = lazy(() =>
  import('./booths/booths-screens').then((module) => ({ default: module.BoothsScreens })),
)

/** News and banners (and the other content areas): one chunk, fetched when one of them is first shown. */
const ContentScreens = lazy(() =>
  import('./content/content-screens').then((module) => ({ default: module.ContentScreens })),
)

/** The junior-high applications area: a chunk of its own too. */
const ApplicationsScreens = lazy(() =>
  import('./applications/applications-screens').then((module) => ({ default: module.ApplicationsScreens })),
)

/** The inquiries area: a chunk of its own, fetched when first shown. */
const InquiriesScreens = lazy(() =>
  import('./inquiries/inquiries-screens').then((module) => ({ default: module.InquiriesScreens })),
)

/** The seals area: a chunk of its own, fetched when first shown. */
const SealsScreens = lazy(() =>
  import('./seals/seals-screens').then((module) => ({ default: module.SealsScreens })),
)

/** The information pages and policies: a chunk of its own, fetched when first shown. */
const InformationScreens = lazy(() =>
  import('./information/info-screens').then((module) => ({ default: module.InformationScreens })),
)

/** The ads area: a chunk of its own, fetched when first shown. */
const AdsScreens = lazy(() => import('./ads/ads-screens').then((module) => ({ default: module.AdsScreens })))

interface ConsoleRootProps {
  queryClient: QueryClient
  /** For tests: a wouter location hook other than the browser's (e.g. `memoryLocation().hook`). */
  routerHook?: Parameters<typeof Router>[0]['hook']
}

/** Everything the console's entry renders. */
export function ConsoleRoot({ queryClient, routerHook }: ConsoleRootProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router hook={routerHook}>
          <Console />
        </Router>
      </QueryClientProvider>
    </StrictMode>
  )
}

function isSignInPath(path: string): boolean {
  return path.replace(/\/+$/, '') === SIGN_IN_PATH
}

/**
 * Who is signed in decides what shows: nobody, the sign-in screen (any other path is kept, to come
 * back to after signing in); someone, their screens in the frame (the sign-in screen then sends them
 * on). When a session ends while a screen is open (any answer 401, console-query-client.ts), the
 * console goes to sign-in saying so, and comes back to that screen afterwards.
 */
function Console() {
  const [path] = useLocation()
  const search = useSearch()
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => readSignedInOperator(signal),
    // Back at the tab after a while: find out now whether the session is still there.
    refetchOnWindowFocus: true,
  })
  const signedInBefore = useRef(false)
  useEffect(() => {
    if (session.data) signedInBefore.current = true
  }, [session.data])

  // One frame for every state, so that a new screen after signing in is one the frame sees come.
  return <ConsoleFrame operator={session.data ?? null}>{screenFor()}</ConsoleFrame>

  function screenFor(): ReactNode {
    const operator = session.data
    if (operator === undefined) {
      if (!session.isError) return <LoadingState />
      return (
        <div className="console-page">
          <LoadFailure
            error={session.error}
            title={t('admin.sessionCheckFailed')}
            onRetry={() => void session.refetch()}
          />
        </div>
      )
    }
    if (operator === null) {
      if (isSignInPath(path)) return <SignInScreen />
      const here = search ? `${path}?${search}` : path
      const reason = signedInBefore.current ? 'sessionEnded' : undefined
      return <Redirect to={signInPath({ next: here, reason })} replace />
    }
    if (isSignInPath(path)) {
      const next = consoleReturnPath(new URLSearchParams(search).get('next'))
      return <Redirect to={next ?? HOME_PATH} replace />
    }
    return <ConsoleScreens operator={operator} />
  }
}

/** The console's screens for a signed-in operator. */
function ConsoleScreens({ operator }: { operator: SignedInOperator }) {
  return (
    <Switch>
      <Route path={HOME_PATH}>
        <HomeScreen operator={operator} />
      </Route>
      <Route path={AUDIT_PATH}>
        <AuditScreen operator={operator} />
      </Route>
      <Route path={NUMBERS_PATH}>
        <NumbersScreen />
      </Route>
      <Route path={`${MEMBERS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <MembersScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${BOOTHS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <BoothsScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${NEWS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <ContentScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${BANNERS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <ContentScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${APPLICATIONS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <ApplicationsScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${INQUIRIES_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <InquiriesScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${HELP_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <ContentScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${COUPONS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <ContentScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${AUDITIONS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <ContentScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${FLOWS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <ContentScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${SEALS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <SealsScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${INFORMATION_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <InformationScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route path={`${ADS_PATH}/*?`}>
        <Suspense fallback={<LoadingState />}>
          <AdsScreens operator={operator} fallback={<ConsoleNotFound />} />
        </Suspense>
      </Route>
      <Route>
        <ConsoleNotFound />
      </Route>
    </Switch>
  )
}

function ConsoleNotFound() {
  return (
    <div className="console-page">
      <ConsoleTitle page={t('admin.notFound.title')} />
      <h1 className="page__title">{t('admin.notFound.title')}</h1>
      <p>{t('admin.notFound.body')}</p>
      <Link href={HOME_PATH} className="text-link">
        {t('admin.notFound.toHome')}
      </Link>
    </div>
  )
}
