/**
 * Zod-free copies of the plain data in `@puribox/contract`.
 *
 * Why: the contract modules build their zod schemas at module top level, so importing anything from
 * `@puribox/contract/routes`, `/access` or `/seals` puts all of zod (~40 KB gzip) into the bundle that
 * imports it, even when only a path string is used. The web app validates nothing with zod at run time,
 * so it reads the same values from here. Drift is impossible: every value below `satisfies` the
 * contract's literal type (tsc fails on any difference, missing or extra entry) and
 * contract-lite.test.ts compares them at run time. Delete this file once the contract exposes these
 * values from modules that do not import zod.
 * `seal-id` and `time` do not import zod: import them from the contract directly.
 */
import type { NATIVE_APP_UA_MARKER as ContractUaMarker } from '@puribox/contract/access'
import type { ApiRoutes, links as contractLinks, pages as contractPages } from '@puribox/contract/routes'
import type { Puri } from '@puribox/contract/seals'

export const pages = [
  { path: '/sp/top/menu', screen: 'top', header: 'all', footer: 'all' },
  { path: '/sp/top/information', screen: 'top', header: 'all', footer: 'all' },
  { path: '/web/puri/form_seal_id', screen: 'sealForm', header: 'all', footer: 'primary' },
  { path: '/sp/puri/get', screen: 'puriGet', header: 'logo-only-disabled', footer: 'copyright-only' },
  { path: '/web/preview', screen: 'preview', header: 'free-registration-button', footer: 'primary' },
  {
    path: '/sp/debug/time_travel',
    screen: 'timeTravel',
    header: 'logo-only',
    footer: 'copyright-only',
    onlyWithTimeTravel: true,
  },
] as const satisfies typeof contractPages

export type PageRoute = (typeof pages)[number]

export const links = {
  top: '/sp/top/menu',
  siteTop: '/sp/top/information',
  login: '/web/login/top',
  registration: '/sp/account/register_email',
  freeRegistration: '/sp/account/register_email',
  mypage: '/sp/2/mypage/#/puri/new',
  machineList: '/web/machines/information',
  photoGetForm: '/web/puri/form_seal_id',
  puriGet: '/sp/puri/get',
  preview: '/web/preview',
  terms: '/web/common/information/terms',
  help: '/web/common/help/top/index',
  inquiry: '/sp/common/inquiry',
  premiumCancel: '/sp/payment/cancel',
  premiumRegistration: '/web/payment',
  freeMemberDeletion: '/sp/account/leave',
  privacy: '/web/common/information/privacy',
  commercialLaw: '/web/common/information/commercialLaw',
  externalTransmission: '/web/common/information/externalTransmission',
  operatingPolicy: '/web/common/information/operatingPolicy',
  privacyPolicy: '/web/common/information/privacyPolicy',
  settings: '/sp/setting/setting',
  aboutPenalty: '/sp/common/aboutPenalty',
} as const satisfies typeof contractLinks

export type LinkName = keyof typeof links

type RouteAddress<K extends keyof ApiRoutes> = Pick<ApiRoutes[K], 'method' | 'path'>

/** Method and path of every API route (the schemas stay in the contract, used for types only). */
export const apiRoutes = {
  accountSelf: { method: 'GET', path: '/sp/2/account/self' },
  userAccess: { method: 'GET', path: '/sp/2/user/access' },
  seal: { method: 'GET', path: '/sp/2/seals/:id' },
  puriPreviewImage: { method: 'GET', path: '/sp/puri/thum.jpg' },
  timeTravelGet: { method: 'GET', path: '/sp/2/debug/time_travel' },
  timeTravelSet: { method: 'PUT', path: '/sp/2/debug/time_travel' },
  timeTravelClear: { method: 'DELETE', path: '/sp/2/debug/time_travel' },
  boothPlay: { method: 'POST', path: '/booth/v1/seals' },
} as const satisfies { readonly [K in keyof ApiRoutes]: RouteAddress<K> }

export const NATIVE_APP_UA_MARKER = 'PuriBoxApp/' satisfies typeof ContractUaMarker

/** Same rule as the contract's `isRegularPuri`: not raw (pre-doodle), not a proof sample. */
export function isRegularPuri(puri: Pick<Puri, 'rakugaki' | 'isProofSample'>): boolean {
  return !puri.rakugaki.isRawPuri && !puri.isProofSample
}
