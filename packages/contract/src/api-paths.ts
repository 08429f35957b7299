/**
 * Method and path of every API route, without schemas, so the web app's first load can call the
 * API without bundling zod. `routes.ts` builds the full route table (with schemas) on top of this.
 */
export const apiPaths = {
  accountSelf: { method: 'GET', path: '/sp/2/account/self' },
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
  login: { method: 'POST', path: '/sp//ajax/login/' },
  logout: { method: 'POST', path: '/sp/2/account/logout' },
  profile: { method: 'GET', path: '/sp/profile' },
  profileSummary: { method: 'GET', path: '/sp/profile/summary' },
  profileUpdate: { method: 'PUT', path: '/sp/profile' },
  profileImageUpload: { method: 'POST', path: '/sp/profile/image' },
  profileImageRemove: { method: 'DELETE', path: '/sp/profile/image' },
  profileImage: { method: 'GET', path: '/sp/profile/image/:id' },
  accountDeletionCheck: { method: 'GET', path: '/sp/2/account/leave' },
  accountDelete: { method: 'POST', path: '/sp/2/account/leave' },
} as const

export type ApiRouteName = keyof typeof apiPaths

/** The marker the native apps put in their user agent. */
export const NATIVE_APP_UA_MARKER = 'PuriBoxApp/'
