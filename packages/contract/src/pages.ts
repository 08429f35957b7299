/** Page paths and links. No zod here: the web app's first load imports this module. */

import { PAYMENT_PLANS, unsubscribePath } from './payments'

export type HeaderVariant = 'all' | 'free-registration-button' | 'logo-only' | 'logo-only-disabled'
export type FooterVariant = 'all' | 'primary' | 'copyright-only'

/**
 * The documents under `/web/common/information/{page}` served from the database, one screen for all
 * (decision 0038). The commercial-law notice, a screen of its own, is beside them at `commercialLaw`.
 */
export const INFORMATION_PAGES = [
  'terms',
  'privacyPolicy',
  'puriTerms',
  'paymentTerms',
  'paymentProvider',
  'operatingPolicy',
  'privacy',
  'externalTransmission',
] as const
export type InformationPage = (typeof INFORMATION_PAGES)[number]

export const INFORMATION_PATH_PREFIX = '/web/common/information/'

export interface PageRoute {
  /**
   * The page's path. A last segment `:name` stands for any one non-empty segment (Fastify's and the
   * web router's syntax): help's category and answer ids are in their paths, as the product has always linked them.
   */
  path: string
  /** Which screen of the web app renders it. */
  screen: string
  header: HeaderVariant
  footer: FooterVariant
  /** Served only when time travel is switched on. */
  onlyWithTimeTravel?: boolean
}

/** Every page path the server serves the web app for; anything else gets the Japanese 404 page. */
export const pages = [
  { path: '/sp/top/menu', screen: 'top', header: 'all', footer: 'all' },
  { path: '/sp/top/information', screen: 'top', header: 'all', footer: 'all' },
  { path: '/web/puri/form_seal_id', screen: 'sealForm', header: 'all', footer: 'primary' },
  { path: '/sp/puri/get', screen: 'puriGet', header: 'logo-only-disabled', footer: 'copyright-only' },
  { path: '/web/preview', screen: 'preview', header: 'free-registration-button', footer: 'primary' },
  { path: '/web/login/top', screen: 'login', header: 'logo-only', footer: 'primary' },
  { path: '/web/login/fail', screen: 'loginFail', header: 'logo-only', footer: 'primary' },
  /** Password reset by mail: the steps live in the query (`resetId`, `token`, `step`), decision 0035. */
  { path: '/web/login/password_reset', screen: 'passwordReset', header: 'logo-only', footer: 'primary' },
  { path: '/sp/account/register_email', screen: 'registerEmail', header: 'logo-only', footer: 'primary' },
  {
    path: '/sp/account/registerMailSent',
    screen: 'registerMailSent',
    header: 'logo-only',
    footer: 'primary',
  },
  { path: '/web/mypage', screen: 'mypageSave', header: 'all', footer: 'primary' },
  /**
   * My page: the list, a free member's unsaved pictures and the viewer are hash routes inside it
   * (`#/puri/new`, `#/puri/unsaved`, `#/puri/{sealId}/{imageId}`).
   */
  { path: '/sp/2/mypage/', screen: 'mypage', header: 'all', footer: 'primary' },
  { path: '/sp/setting/setting', screen: 'settings', header: 'all', footer: 'primary' },
  /** Why to link LINE, with a button to decline (`?rp=` where to go on, either way). */
  { path: '/web/link/line/recommendation', screen: 'lineRecommendation', header: 'all', footer: 'primary' },
  {
    path: '/sp/privacy_policy/agreement',
    screen: 'policyAgreement',
    header: 'logo-only',
    footer: 'copyright-only',
  },
  {
    path: '/sp/debug/time_travel',
    screen: 'timeTravel',
    header: 'logo-only',
    footer: 'copyright-only',
    onlyWithTimeTravel: true,
  },
  { path: '/sp/setting/userinfo', screen: 'userinfo', header: 'all', footer: 'primary' },
  { path: '/sp/account/leave', screen: 'accountLeave', header: 'all', footer: 'primary' },
  { path: '/sp/account/delete', screen: 'accountDelete', header: 'all', footer: 'primary' },
  { path: '/sp/common/aboutPenalty', screen: 'aboutPenalty', header: 'all', footer: 'primary' },
  // Premium (decisions 0019 and 0020): the landing, the final confirmation per kind (the
  // product's upgrade paths), the page back from the gateway, leaving, and the commercial-law notice.
  { path: '/web/payment', screen: 'payment', header: 'all', footer: 'primary' },
  { path: '/web/payment/credit', screen: 'paymentConfirm', header: 'logo-only', footer: 'primary' },
  { path: '/sp/auoneadmit/admittop', screen: 'paymentConfirm', header: 'logo-only', footer: 'primary' },
  { path: '/sp/auoneadmit/au_trial_start', screen: 'paymentConfirm', header: 'logo-only', footer: 'primary' },
  {
    path: '/sp/2/docomo_payment/subscribe/top',
    screen: 'paymentConfirm',
    header: 'logo-only',
    footer: 'primary',
  },
  { path: '/sp/softbankadmit/admittop', screen: 'paymentConfirm', header: 'logo-only', footer: 'primary' },
  { path: '/web/payment/complete', screen: 'paymentComplete', header: 'logo-only', footer: 'primary' },
  { path: '/sp/payment/cancel', screen: 'paymentCancel', header: 'all', footer: 'primary' },
  ...PAYMENT_PLANS.map(
    (plan) =>
      ({ path: unsubscribePath(plan), screen: 'unsubscribe', header: 'all', footer: 'primary' }) as const,
  ),
  {
    path: '/sp/paymentid_withdrawal/top',
    screen: 'paymentWithdrawal',
    header: 'logo-only',
    footer: 'primary',
  },
  /** News: the list, a category or one item are hash routes inside it (decision 0040). */
  { path: '/sp/puri_news', screen: 'news', header: 'all', footer: 'primary' },
  {
    path: '/web/common/information/commercialLaw',
    screen: 'commercialLaw',
    header: 'all',
    footer: 'primary',
  },
  /** A member's coupon tickets; a guest reads what coupons are and how to get them (decision 0044). */
  { path: '/sp/2/coupon/tickets', screen: 'coupons', header: 'all', footer: 'primary' },
  // Machines and shops (decision 0042): the models, a model's page, the shop search.
  { path: '/web/machines/information', screen: 'machineList', header: 'all', footer: 'primary' },
  { path: '/sp/machine/:machineId', screen: 'machine', header: 'all', footer: 'primary' },
  { path: '/sp/2/machines/search', screen: 'machineSearch', header: 'all', footer: 'primary' },
  /** Auditions open to a member and their identity check (decision 0049); `?check=` on the way back. */
  { path: '/sp/audition', screen: 'audition', header: 'all', footer: 'primary' },
  /** A guardian answers a minor's request for consent here, from the mail's link (decision 0060). */
  { path: '/sp/audition/consent', screen: 'auditionConsent', header: 'logo-only', footer: 'primary' },
  // Inquiries (decision 0046): the topics, a topic's form, its confirmation and the sent
  // inquiry are hash routes inside the page (`#/input/{topic}`, `#/puriboxPhotos/input`).
  { path: '/sp/common/inquiry', screen: 'inquiry', header: 'all', footer: 'primary' },
  { path: '/sp/common/inquiry_puri', screen: 'inquiry', header: 'all', footer: 'primary' },
  /** Junior-high free premium: `#/lp` the landing, `#/input/profile` the form, then confirm and sent (decision 0048). */
  { path: '/sp/jhs_free', screen: 'jhsFree', header: 'all', footer: 'primary' },
  // Help (decision 0039): a category (`index` is the top, with the search box) and an answer.
  { path: '/web/common/help/top/:categoryId', screen: 'help', header: 'all', footer: 'primary' },
  { path: '/web/common/help/answer/:answerId', screen: 'help', header: 'all', footer: 'primary' },
  ...INFORMATION_PAGES.map(
    (page) =>
      ({
        path: `${INFORMATION_PATH_PREFIX}${page}`,
        screen: 'information',
        header: 'all',
        footer: 'primary',
      }) as const,
  ),
] as const satisfies readonly PageRoute[]

/**
 * Whether `pathname` (no query, no fragment) is a path of the page path `pattern`, whose last
 * segment may be a `:name` that takes any one non-empty segment.
 */
export function isPathOf(pattern: string, pathname: string): boolean {
  const at = pattern.indexOf('/:') + 1
  return at > 0
    ? pathname.startsWith(pattern.slice(0, at)) && /^[^/]+$/.test(pathname.slice(at))
    : pattern === pathname
}

export type Screen = (typeof pages)[number]['screen']

export const TOP_PATH = '/sp/top/menu'

/**
 * A member's home: where signing in ends when the person did not come for something else (the
 * marketing top page is for guests).
 */
export const MEMBER_HOME = '/sp/2/mypage/#/puri/new'

/**
 * The query parameter a registration adds to the page it ends on (`/sp/2/cookie/afterRegister`
 * adds it): that page says that the registration is complete, and shows what was saved.
 */
export const REGISTERED_PARAM = 'registered'

/** `path` (a same-origin path, maybe with a query and a fragment) marked as the end of a registration. */
export function markRegistered(path: string): string {
  const url = new URL(path, 'https://puribox.invalid')
  url.searchParams.set(REGISTERED_PARAM, '1')
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Why a member is sent to the agreement page, whose lead says so: `revised`, a newer version of a
 * policy the member agreed to before; `registration`, an account just made that has agreed to
 * nothing yet (LINE, X or a carrier's ID used on the login page by someone new, or an app that
 * registered without the agreement). Without a reason: an older account that never agreed.
 */
export const POLICY_AGREEMENT_REASONS = ['revised', 'registration'] as const
export type PolicyAgreementReason = (typeof POLICY_AGREEMENT_REASONS)[number]

export function isPolicyAgreementReason(value: unknown): value is PolicyAgreementReason {
  return (POLICY_AGREEMENT_REASONS as readonly unknown[]).includes(value)
}

/** The agreement page, going on to `afterAgreement` (a same-origin path) once the member has agreed. */
export function policyAgreementPath(afterAgreement: string, reason?: PolicyAgreementReason): string {
  const params = new URLSearchParams({ afterAgreement })
  if (reason) params.set('reason', reason)
  return `${links.policyAgreement}?${params}`
}

/** `/web/common/information/{page}` of every information page, by its name (built: fewer bytes to load). */
const informationLinks = Object.fromEntries(
  INFORMATION_PAGES.map((page) => [page, `${INFORMATION_PATH_PREFIX}${page}`]),
) as Record<InformationPage, string>

/** Paths the frame links to. Kept here so links and pages cannot drift apart. */
export const links = {
  ...informationLinks,
  top: '/sp/top/menu',
  siteTop: '/sp/top/information',
  login: '/web/login/top',
  registration: '/sp/account/register_email',
  freeRegistration: '/sp/account/register_email',
  mypage: MEMBER_HOME,
  /** A free member's unsaved pictures, on my page (the header's badge leads here). */
  mypageUnsaved: '/sp/2/mypage/#/puri/unsaved',
  machineList: '/web/machines/information',
  /** The shop search (`?prefecture=&city=&keyword=&modelId=&lat=&lng=&page=`, decision 0042). */
  machineSearch: '/sp/2/machines/search',
  photoGetForm: '/web/puri/form_seal_id',
  puriGet: '/sp/puri/get',
  preview: '/web/preview',
  terms: '/web/common/information/terms',
  /** The help top: its categories and the search box (`/web/common/help/top/{category}`). */
  help: '/web/common/help/top/index',
  inquiry: '/sp/common/inquiry',
  premiumCancel: '/sp/payment/cancel',
  premiumRegistration: '/web/payment',
  /** The junior-high free premium (`?from=…#/lp` its landing; decision 0048). */
  jhsFree: '/sp/jhs_free',
  /** The final confirmation of each way to pay (the product's upgrade paths). */
  paymentCredit: '/web/payment/credit',
  paymentAu: '/sp/auoneadmit/admittop',
  paymentAuTrial: '/sp/auoneadmit/au_trial_start',
  paymentDocomo: '/sp/2/docomo_payment/subscribe/top',
  paymentSoftbank: '/sp/softbankadmit/admittop',
  paymentComplete: '/web/payment/complete',
  paymentWithdrawal: '/sp/paymentid_withdrawal/top',
  freeMemberDeletion: '/sp/account/leave',
  privacy: '/web/common/information/privacy',
  commercialLaw: '/web/common/information/commercialLaw',
  externalTransmission: '/web/common/information/externalTransmission',
  operatingPolicy: '/web/common/information/operatingPolicy',
  privacyPolicy: '/web/common/information/privacyPolicy',
  settings: '/sp/setting/setting',
  lineRecommendation: '/web/link/line/recommendation',
  userinfo: '/sp/setting/userinfo',
  loginFail: '/web/login/fail',
  passwordReset: '/web/login/password_reset',
  registerMailSent: '/sp/account/registerMailSent',
  accountDelete: '/sp/account/delete',
  /** Members who have not agreed to the latest policies are sent here (`?afterAgreement=`). */
  policyAgreement: '/sp/privacy_policy/agreement',
  /** Server redirects after a sign-in or registration (`?next=` a same-origin path). */
  afterLogin: '/sp/2/cookie/afterLogin',
  afterRegister: '/sp/2/cookie/afterRegister',
  /** External sign-in (server redirects to the auth service; `{product}` of the spec is `puribox`). */
  carrierAuth: '/sp/account/carrier_auth',
  lineLogin: '/sp/2/login/line/puriboxauth',
  lineRegistration: '/sp/2/account/registration/line/puriboxauth',
  lineLink: '/sp/2/link/line/puriboxauth',
  twitterLogin: '/sp/2/login/twitter/puriboxauth',
  aboutPenalty: '/sp/common/aboutPenalty',
  /** Coupons (decision 0044). */
  coupons: '/sp/2/coupon/tickets',
  /** News (`?from=…#/…`, decision 0040). */
  news: '/sp/puri_news',
  /** A member saves a seal here (built with the my-page issue). */
  mypageSave: '/web/mypage',
  /** The external map of booths, opened in a new tab. */
  machineSearchMap: 'https://www.google.com/maps/search/%E3%83%97%E3%83%AA%E6%A9%9F',
} as const
