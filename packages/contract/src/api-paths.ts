import { ACCOUNT_SELF_PATH, DYNAMIC_LINKS_PATH, UNSAVED_SUMMARY_PATH } from './first-load-paths'
import { links } from './pages'

/**
 * Method and path of every API route, without schemas, so the web app's first load can call the
 * API without bundling zod. `routes.ts` builds the full route table (with schemas) on top of this.
 */
export const apiPaths = {
  accountSelf: { method: 'GET', path: ACCOUNT_SELF_PATH },
  userAccess: { method: 'GET', path: '/sp/2/user/access' },
  seal: { method: 'GET', path: '/sp/2/seals/:id' },
  puriPreviewImage: { method: 'GET', path: '/sp/puri/thum.jpg' },
  timeTravelGet: { method: 'GET', path: '/sp/2/debug/time_travel' },
  timeTravelSet: { method: 'PUT', path: '/sp/2/debug/time_travel' },
  timeTravelClear: { method: 'DELETE', path: '/sp/2/debug/time_travel' },
  boothPlay: { method: 'POST', path: '/booth/v1/seals' },
  sendVerificationMail: { method: 'POST', path: '/sp/2/api/account/mail_address' },
  verifyCode: { method: 'POST', path: '/sp/2/api/account/mail_address/verification' },
  verifyLink: { method: 'POST', path: '/sp/2/api/email_verifications/:id/verified/' },
  register: { method: 'POST', path: '/sp/2/api/account/' },
  startMailVerification: { method: 'POST', path: '/sp/2/api/email_verifications/' },
  registerMailAddress: { method: 'POST', path: '/sp/2/api/account/mail_address/registration' },
  validateEmailParameters: { method: 'POST', path: '/sp/account/validate_email_parameters' },
  sendRegisterMailFromForm: { method: 'POST', path: '/sp/account/send_register_mail_from_form' },
  login: { method: 'POST', path: '/sp//ajax/login/' },
  logout: { method: 'POST', path: '/sp/2/account/logout' },
  accountSessions: { method: 'GET', path: '/sp/2/account/sessions' },
  logoutEverywhere: { method: 'POST', path: '/sp/2/account/sessions/logout' },
  // Password reset by mail (decision 0035).
  requestPasswordReset: { method: 'POST', path: '/sp/2/api/account/password_reset' },
  verifyPasswordResetCode: { method: 'POST', path: '/sp/2/api/account/password_reset/verification' },
  verifyPasswordResetLink: { method: 'POST', path: '/sp/2/api/account/password_reset/:id/verified' },
  resetPassword: { method: 'POST', path: '/sp/2/api/account/password_reset/password' },
  afterLogin: { method: 'GET', path: '/sp/2/cookie/afterLogin' },
  afterRegister: { method: 'GET', path: '/sp/2/cookie/afterRegister' },
  policyStatusesLatest: { method: 'GET', path: '/sp/2/users/self/privacy_policy_statuses/latest' },
  agreePolicies: { method: 'POST', path: '/sp/2/users/self/privacy_policy_statuses' },
  latestPolicies: { method: 'GET', path: '/sp/2/privacy_policies/latest' },
  // Sign-in through the external auth service (decision 0008): full-page routes that redirect.
  carrierAuth: { method: 'GET', path: links.carrierAuth },
  lineLogin: { method: 'GET', path: links.lineLogin },
  twitterLogin: { method: 'GET', path: links.twitterLogin },
  lineRegistration: { method: 'GET', path: links.lineRegistration },
  lineLink: { method: 'GET', path: links.lineLink },
  lineSwitchStart: { method: 'GET', path: '/sp/2/link/line/switch_start/puriboxauth' },
  lineSkipRecommendation: { method: 'GET', path: '/sp/2/link/line/skip_recommendation' },
  lineDeclineRecommendation: { method: 'POST', path: '/sp/2/link/line/skip_recommendation' },
  externalAuthCallback: { method: 'GET', path: '/sp/2/auth/callback' },
  lineRegistrationValidate: { method: 'GET', path: '/sp/2/account/registration/line/validate_parameters' },
  externalIdentities: { method: 'GET', path: '/sp/2/account/identities' },
  profile: { method: 'GET', path: '/sp/profile' },
  profileSummary: { method: 'GET', path: '/sp/profile/summary' },
  profileUpdate: { method: 'PUT', path: '/sp/profile' },
  profileSave: { method: 'POST', path: '/sp/profile' },
  profileImageUpload: { method: 'POST', path: '/sp/profile/image' },
  profileImageRemove: { method: 'DELETE', path: '/sp/profile/image' },
  profileImage: { method: 'GET', path: '/sp/profile/image/:id' },
  accountDeletionCheck: { method: 'GET', path: '/sp/2/account/leave' },
  accountDelete: { method: 'POST', path: '/sp/2/account/leave' },
  // Saving and unsaved pictures (decision 0011).
  sealRegistration: { method: 'POST', path: '/sp/2/seals/:id/registrations' },
  unsavedList: { method: 'GET', path: '/sp/2/images/unsaved_only/list.json' },
  unsavedSummary: { method: 'GET', path: UNSAVED_SUMMARY_PATH },
  unsavedImage: { method: 'GET', path: '/sp/2/images/unsaved/:id' },
  savedPlays: { method: 'GET', path: '/sp/2/mypage/plays' },
  savedImage: { method: 'GET', path: '/sp/2/mypage/image/:file' },
  playZip: { method: 'GET', path: '/sp/2/mypage/plays/:sealId/zip' },
  savedZip: { method: 'GET', path: '/sp/2/mypage/zip' },
  // Premium payments (decisions 0019 and 0020).
  paymentSelf: { method: 'GET', path: '/sp/2/payment/self' },
  paymentTrial: { method: 'GET', path: '/sp/2/payment/trial' },
  optimizedFlow: { method: 'GET', path: '/sp/2/optimized_flow/:flowName' },
  paymentUnsubscribable: { method: 'GET', path: '/sp/2/payment/unsubscribable' },
  startSubscription: { method: 'POST', path: '/sp/2/payment/subscriptions' },
  subscription: { method: 'GET', path: '/sp/2/payment/subscriptions/:id' },
  cancelSubscription: { method: 'POST', path: '/sp/2/payment/subscriptions/:id/cancellation' },
  resumeSubscription: { method: 'DELETE', path: '/sp/2/payment/subscriptions/:id/cancellation' },
  paymentWithdrawal: { method: 'GET', path: '/sp/2/payment/withdrawal' },
  paymentNotification: { method: 'POST', path: '/pay/v1/notifications' },
  // News and banners (decision 0040).
  news: { method: 'GET', path: '/sp/2/news/self/info' },
  newsRead: { method: 'POST', path: '/sp/2/news/:id/read' },
  banner: { method: 'GET', path: '/sp/2/banner/space_id/:spaceId' },
  // Help as the spec's static JSON, fetched with a timestamp query (decision 0039).
  helpDocument: { method: 'GET', path: '/static/help.json' },
  // Ads, the static data, dynamic links and the blog (decision 0041).
  staticData: { method: 'GET', path: '/static/data.json' },
  adToken: { method: 'GET', path: '/sp/advertisements/token' },
  adList: { method: 'GET', path: '/sp/advertisements/self' },
  adReaction: { method: 'POST', path: '/sp/advertisements/:id/reactions' },
  adPicture: { method: 'GET', path: '/sp/advertisements/pictures/:file' },
  dynamicLinks: { method: 'GET', path: DYNAMIC_LINKS_PATH },
  blogPosts: { method: 'GET', path: '/sp/2/blog/posts' },
  // Coupons (decision 0044): the page is /sp/2/coupon/tickets, the API the member's own under `self`.
  couponTickets: { method: 'GET', path: '/sp/2/coupon/self/tickets' },
  couponTicketUse: { method: 'POST', path: '/sp/2/coupon/self/tickets/:id/use' },
  // Auditions and the identity check (decision 0049): the page is /sp/audition.
  auditions: { method: 'GET', path: '/sp/2/auditions/self' },
  auditionCheckStart: { method: 'POST', path: '/sp/2/auditions/self/:id/checks' },
  auditionCheck: { method: 'GET', path: '/sp/2/auditions/self/checks/:checkId' },
  // A minor's guardian consent (decision 0060): asked by the member, answered on /sp/audition/consent.
  auditionGuardianConsent: { method: 'POST', path: '/sp/2/auditions/self/:id/guardian_consents' },
  auditionConsentRead: { method: 'POST', path: '/sp/2/auditions/guardian_consents/read' },
  auditionConsentAnswer: { method: 'POST', path: '/sp/2/auditions/guardian_consents/answer' },
  // Machine models, shops and the shop search (decision 0042), beside the search page
  // `/sp/2/machines/search` (a page, so no API route may take that path).
  machineModels: { method: 'GET', path: '/sp/2/machines/models' },
  machineModel: { method: 'GET', path: '/sp/2/machines/model/:id' },
  machineSample: { method: 'GET', path: '/sp/2/machines/samples/:file' },
  shopSearch: { method: 'GET', path: '/sp/2/machines/shops' },
  shopCities: { method: 'GET', path: '/sp/2/machines/cities' },
  // Information pages: versioned documents (decision 0038).
  information: { method: 'GET', path: '/sp/2/information/:page' },
  // Inquiries (decision 0046): the page is /sp/common/inquiry.
  inquirySend: { method: 'POST', path: '/sp/2/inquiries' },
  inquiryCheck: { method: 'POST', path: '/sp/2/inquiries/checks' },
  // Junior-high free premium (decision 0048): the pages are /sp/jhs_free, the API
  // the person's own under /sp/2/jhs_free/self.
  jhsState: { method: 'GET', path: '/sp/2/jhs_free/self' },
  jhsApply: { method: 'POST', path: '/sp/2/jhs_free/self/application' },
  jhsUploadStart: { method: 'POST', path: '/sp/2/jhs_free/self/uploads' },
  jhsUpload: { method: 'GET', path: '/sp/2/jhs_free/self/uploads/:id' },
  jhsUploadChunk: { method: 'PUT', path: '/sp/2/jhs_free/self/uploads/:id' },
  jhsUploadRemove: { method: 'DELETE', path: '/sp/2/jhs_free/self/uploads/:id' },
  jhsUploadFile: { method: 'GET', path: '/sp/2/jhs_free/self/uploads/:id/file' },
  jhsDebugReview: { method: 'POST', path: '/sp/2/debug/jhs_free/review' },
} as const

export type ApiRouteName = keyof typeof apiPaths
