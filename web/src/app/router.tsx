import { pages, type Screen } from '@puribox/contract/pages'
import { type ComponentType, lazy, Suspense } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { ErrorBoundary } from '../components/error-boundary'
import { LoadingState } from '../components/loading-state'
import { TopRoute } from './routes/top-route'

/** A screen in a chunk of its own, downloaded when first shown: the module and the export's name. */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  return lazy(() => load().then((m): { default: ComponentType } => ({ default: m[name] })))
}

/** The get page and the preview, one after the other: one screen, downloaded once for both. */
const sealPages = screen(() => import('../features/seal/components/seal-pages'), 'SealPages')

/**
 * The screen of every page in the contract's route table. The top page ships with the first load;
 * every other screen is its own chunk, downloaded when first visited.
 */
const screens: Record<Screen, ComponentType> = {
  top: TopRoute,
  sealForm: screen(() => import('../features/seal/components/seal-form-screen'), 'SealFormScreen'),
  puriGet: sealPages,
  preview: sealPages,
  mypageSave: screen(() => import('../features/mypage/components/save-seal-screen'), 'SaveSealScreen'),
  mypage: screen(() => import('../features/mypage/components/mypage-screen'), 'MypageScreen'),
  login: screen(() => import('../features/auth/components/login-screen'), 'LoginScreen'),
  loginFail: screen(() => import('../features/auth/components/login-fail-screen'), 'LoginFailScreen'),
  passwordReset: screen(
    () => import('../features/auth/components/password-reset-screen'),
    'PasswordResetScreen',
  ),
  registerEmail: screen(
    () => import('../features/auth/components/register-email-screen'),
    'RegisterEmailScreen',
  ),
  registerMailSent: screen(
    () => import('../features/auth/components/register-mail-sent-screen'),
    'RegisterMailSentScreen',
  ),
  settings: screen(() => import('../features/auth/components/settings-pages'), 'SettingsScreen'),
  lineRecommendation: screen(
    () => import('../features/auth/components/settings-pages'),
    'LineRecommendationScreen',
  ),
  policyAgreement: screen(
    () => import('../features/policies/components/policy-agreement-screen'),
    'PolicyAgreementScreen',
  ),
  timeTravel: screen(
    () => import('../features/time-travel/components/time-travel-screen'),
    'TimeTravelScreen',
  ),
  userinfo: screen(() => import('../features/profile/components/userinfo-screen'), 'UserinfoScreen'),
  accountLeave: screen(() => import('../features/leave/components/leave-screen'), 'FreeMemberLeaveScreen'),
  accountDelete: screen(() => import('../features/leave/components/leave-screen'), 'AccountDeleteScreen'),
  aboutPenalty: screen(
    () => import('../features/penalty/components/about-penalty-screen'),
    'AboutPenaltyScreen',
  ),
  payment: screen(() => import('../features/payment/components/payment-screen'), 'PaymentScreen'),
  paymentConfirm: screen(
    () => import('../features/payment/components/payment-confirm-screen'),
    'PaymentConfirmScreen',
  ),
  paymentComplete: screen(
    () => import('../features/payment/components/payment-complete-screen'),
    'PaymentCompleteScreen',
  ),
  paymentCancel: screen(
    () => import('../features/payment/components/stop-paying-pages'),
    'PaymentCancelScreen',
  ),
  unsubscribe: screen(() => import('../features/payment/components/stop-paying-pages'), 'UnsubscribeScreen'),
  paymentWithdrawal: screen(
    () => import('../features/payment/components/stop-paying-pages'),
    'PaymentWithdrawalScreen',
  ),
  machineList: screen(
    () => import('../features/machines/components/machine-list-screen'),
    'MachineListScreen',
  ),
  machine: screen(() => import('../features/machines/components/machine-screen'), 'MachineScreen'),
  machineSearch: screen(
    () => import('../features/machines/components/machine-search-screen'),
    'MachineSearchScreen',
  ),
  inquiry: screen(() => import('../features/inquiry/components/inquiry-route'), 'InquiryRoute'),
  news: screen(() => import('../features/news/components/news-screen'), 'NewsScreen'),
  information: screen(
    () => import('../features/information/components/information-screen'),
    'InformationScreen',
  ),
  commercialLaw: screen(
    () => import('../features/payment/components/commercial-law-screen'),
    'CommercialLawScreen',
  ),
  coupons: screen(() => import('../features/coupons/components/coupons-screen'), 'CouponsScreen'),
  help: screen(() => import('../features/help/components/help-screen'), 'HelpScreen'),
  audition: screen(() => import('../features/audition/components/audition-pages'), 'AuditionScreen'),
  auditionConsent: screen(() => import('../features/audition/components/audition-pages'), 'ConsentScreen'),
  jhsFree: screen(() => import('../features/jhs-free/components/jhs-free-route'), 'JhsFreeRoute'),
}

const NotFound = screen(() => import('../components/not-found-screen'), 'NotFoundScreen')

export function AppRoutes() {
  const [location] = useLocation()
  return (
    // A new page gets a fresh boundary, so one broken screen does not stick to the next.
    <ErrorBoundary key={location}>
      <Suspense fallback={<LoadingState />}>
        <Switch>
          {pages.map((page) => (
            <Route key={page.path} path={page.path} component={screens[page.screen]} />
          ))}
          <Route component={NotFound} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  )
}
