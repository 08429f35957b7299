import { pages, type Screen } from '@puribox/contract/pages'
import { type ComponentType, lazy, Suspense } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { ErrorBoundary } from '../components/error-boundary'
import { LoadingState } from '../components/loading-state'
import { TopRoute } from './routes/top-route'

/**
 * The screen of every page in the contract's route table. The top page ships with the first load;
 * every other screen is its own chunk, downloaded when first visited.
 */
const screens: Record<Screen, ComponentType> = {
  top: TopRoute,
  sealForm: lazy(() =>
    import('../features/seal/components/seal-form-screen').then((m) => ({ default: m.SealFormScreen })),
  ),
  puriGet: lazy(() =>
    import('../features/seal/components/puri-get-screen').then((m) => ({ default: m.PuriGetScreen })),
  ),
  preview: lazy(() =>
    import('../features/seal/components/preview-screen').then((m) => ({ default: m.PreviewScreen })),
  ),
  mypageSave: lazy(() =>
    import('../features/mypage/components/save-seal-screen').then((m) => ({ default: m.SaveSealScreen })),
  ),
  mypage: lazy(() =>
    import('../features/mypage/components/mypage-screen').then((m) => ({ default: m.MypageScreen })),
  ),
  login: lazy(() =>
    import('../features/auth/components/login-screen').then((m) => ({ default: m.LoginScreen })),
  ),
  loginFail: lazy(() =>
    import('../features/auth/components/login-fail-screen').then((m) => ({ default: m.LoginFailScreen })),
  ),
  passwordReset: lazy(() =>
    import('../features/auth/components/password-reset-screen').then((m) => ({
      default: m.PasswordResetScreen,
    })),
  ),
  registerEmail: lazy(() =>
    import('../features/auth/components/register-email-screen').then((m) => ({
      default: m.RegisterEmailScreen,
    })),
  ),
  registerMailSent: lazy(() =>
    import('../features/auth/components/register-mail-sent-screen').then((m) => ({
      default: m.RegisterMailSentScreen,
    })),
  ),
  settings: lazy(() =>
    import('../features/auth/components/settings-screen').then((m) => ({ default: m.SettingsScreen })),
  ),
  policyAgreement: lazy(() =>
    import('../features/policies/components/policy-agreement-screen').then((m) => ({
      default: m.PolicyAgreementScreen,
    })),
  ),
  timeTravel: lazy(() =>
    import('../features/time-travel/components/time-travel-screen').then((m) => ({
      default: m.TimeTravelScreen,
    })),
  ),
  userinfo: lazy(() =>
    import('../features/profile/components/userinfo-screen').then((m) => ({ default: m.UserinfoScreen })),
  ),
  accountLeave: lazy(() =>
    import('../features/leave/components/leave-screen').then((m) => ({ default: m.FreeMemberLeaveScreen })),
  ),
  accountDelete: lazy(() =>
    import('../features/leave/components/leave-screen').then((m) => ({ default: m.AccountDeleteScreen })),
  ),
  aboutPenalty: lazy(() =>
    import('../features/penalty/components/about-penalty-screen').then((m) => ({
      default: m.AboutPenaltyScreen,
    })),
  ),
  payment: lazy(() =>
    import('../features/payment/components/payment-screen').then((m) => ({ default: m.PaymentScreen })),
  ),
  paymentConfirm: lazy(() =>
    import('../features/payment/components/payment-confirm-screen').then((m) => ({
      default: m.PaymentConfirmScreen,
    })),
  ),
  paymentComplete: lazy(() =>
    import('../features/payment/components/payment-complete-screen').then((m) => ({
      default: m.PaymentCompleteScreen,
    })),
  ),
  paymentCancel: lazy(() =>
    import('../features/payment/components/payment-cancel-screen').then((m) => ({
      default: m.PaymentCancelScreen,
    })),
  ),
  unsubscribe: lazy(() =>
    import('../features/payment/components/unsubscribe-screen').then((m) => ({
      default: m.UnsubscribeScreen,
    })),
  ),
  paymentWithdrawal: lazy(() =>
    import('../features/payment/components/payment-withdrawal-screen').then((m) => ({
      default: m.PaymentWithdrawalScreen,
    })),
  ),
  machineList: lazy(() =>
    import('../features/machines/components/machine-list-screen').then((m) => ({
      default: m.MachineListScreen,
    })),
  ),
  machine: lazy(() =>
    import('../features/machines/components/machine-screen').then((m) => ({ default: m.MachineScreen })),
  ),
  machineSearch: lazy(() =>
    import('../features/machines/components/machine-search-screen').then((m) => ({
      default: m.MachineSearchScreen,
    })),
  ),
  inquiryInterim: lazy(() =>
    import('../features/interim/components/interim-screen').then((m) => ({
      default: m.InquiryInterimScreen,
    })),
  ),
  news: lazy(() =>
    import('../features/news/components/news-screen').then((m) => ({ default: m.NewsScreen })),
  ),
  information: lazy(() =>
    import('../features/information/components/information-screen').then((m) => ({
      default: m.InformationScreen,
    })),
  ),
  commercialLaw: lazy(() =>
    import('../features/payment/components/commercial-law-screen').then((m) => ({
      default: m.CommercialLawScreen,
    })),
  ),
  coupons: lazy(() =>
    import('../features/coupons/components/coupons-screen').then((m) => ({ default: m.CouponsScreen })),
  ),
  help: lazy(() =>
    import('../features/help/components/help-screen').then((m) => ({ default: m.HelpScreen })),
  ),
}

const NotFound = lazy(() =>
  import('../components/not-found-screen').then((m) => ({ default: m.NotFoundScreen })),
)

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
