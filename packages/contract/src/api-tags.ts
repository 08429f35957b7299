/**
 * The areas of the API. Every route of the table names one (`tag`); the OpenAPI document groups its
 * operations by them, so an app team's generator makes one client class per area.
 */
export const apiTags = [
  {
    name: 'accounts',
    description: "The caller's account: its status, the connection it comes from, and deleting it.",
  },
  {
    name: 'auth',
    description:
      'Registration by mail, signing in and out with mail address and password, resetting a forgotten password by mail, and the redirects every sign-in ends with.',
  },
  {
    name: 'external-auth',
    description:
      'Signing in, registering and linking through LINE, Twitter and the carriers: full-page redirects through the auth service.',
  },
  {
    name: 'policies',
    description:
      "The privacy policy and the data-transmission contract: their latest versions and the member's agreement.",
  },
  {
    name: 'information',
    description:
      'The information pages (terms of service, privacy policy, the data-transmission list, …): versioned documents, the latest or a given version.',
  },
  {
    name: 'profile',
    description: "The member's profile: nickname, birthday, gender, prefecture and picture.",
  },
  {
    name: 'seals',
    description:
      'A seal (the pictures of one booth play) looked up by the ID printed on the sticker sheet, and its watermarked previews.',
  },
  {
    name: 'saving',
    description: "Saving a seal to the member, and a free member's unsaved pictures until they expire.",
  },
  {
    name: 'mypage',
    description: "My page: the member's saved pictures by play, each picture in its sizes, a play as a ZIP.",
  },
  {
    name: 'payments',
    description:
      "Premium: starting, reading and stopping subscriptions through the payment gateway, and the gateway's signed notifications.",
  },
  {
    name: 'news',
    description: 'News for everyone, by priority, and which items a member has read.',
  },
  {
    name: 'banners',
    description: "The banner of each of the site's banner spaces, as sanitised HTML.",
  },
  {
    name: 'help',
    description:
      'Help: categories, questions and answers as one static JSON document, the same for everyone, served as a static file.',
  },
  {
    name: 'ads',
    description:
      "Advertisements for the viewer (by membership and age), the viewer's ad token, reactions (impressions and taps, counted once a day per viewer), and the static data naming the ad spaces.",
  },
  {
    name: 'links',
    description: 'Where the app store, Google Play, app and shop-map links go, from configuration.',
  },
  {
    name: 'blog',
    description: "Posts of PuriBox's blog by category, from the server's cache of it.",
  },
  {
    name: 'coupons',
    description:
      "A member's coupon tickets (granted when listed, for the campaigns the member qualifies for) and using one, once only.",
  },
  {
    name: 'auditions',
    description:
      'Auditions open to a member by age, and the identity check at the external verifier that applying needs; its outcome is read by the server from the verifier.',
  },
  {
    name: 'machines',
    description:
      'Machine models (what each booth does, with sample pictures), the shops that have them, and the shop search: by prefecture, city, keyword, model, or near a position.',
  },
  {
    name: 'inquiries',
    description:
      "Inquiries to support: checking a draft's seal IDs and mail addresses as they are typed, and sending it, once.",
  },
  {
    name: 'booth',
    description: 'Booth machines push their plays, authenticated by their machine key.',
  },
  {
    name: 'jhs',
    description:
      'The junior-high free premium application: certificate pictures uploaded in resumable chunks, the application and its review state.',
  },
  {
    name: 'debug',
    description:
      'Time travel: "now" for one session, only on a server with TIME_TRAVEL=on (never production).',
  },
] as const

export type ApiTag = (typeof apiTags)[number]['name']
