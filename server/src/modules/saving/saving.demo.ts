import { apiPaths } from '@puribox/contract/api-paths'
import type { BoothMeta } from '@puribox/contract/booth'
import type { FastifyInstance } from 'fastify'
import type { Images } from '../../ports/images'
import { asDemoMember, type DEMO_ACCOUNTS } from '../accounts/accounts.demo'
import type { AccountService } from '../accounts/accounts.service'
import { DEMO_BOOTH_KEY } from '../booth/booth.demo'
import { puriSvg } from '../booth/puri-drawing'
import type { SavingRepository } from './saving.repository'

/** One demo play: its doodled pictures, how many of them have a raw one too, and how long ago it was shot. */
interface DemoPlay {
  doodled: number
  raw: number
  hoursAgo: number
}

/**
 * The plays each demo member has saved, newest first. Within the seal's life (7 days by default):
 * the free member's unsaved pictures are there to see until it ends, as anyone's are.
 */
const DEMO_PLAYS: Record<(typeof DEMO_ACCOUNTS)[number]['mailAddress'], DemoPlay[]> = {
  'premium@demo.puribox.jp': [
    { doodled: 4, raw: 2, hoursAgo: 20 },
    { doodled: 4, raw: 1, hoursAgo: 60 },
    { doodled: 3, raw: 1, hoursAgo: 130 },
  ],
  'jhs@demo.puribox.jp': [
    { doodled: 4, raw: 2, hoursAgo: 28 },
    { doodled: 3, raw: 1, hoursAgo: 100 },
  ],
  // One play, of which a free member keeps one picture: the others wait for premium.
  'mini@demo.puribox.jp': [{ doodled: 4, raw: 2, hoursAgo: 30 }],
  'official@demo.puribox.jp': [],
}

/** The pictures' size: a booth's portrait shot, large enough for the full-screen view. */
const PICTURE = { width: 800, height: 1200 } as const

/** The multipart body of a play as the demo booth sends it (`meta`, then `puri-<number>` files). */
async function playBody(play: DemoPlay, shotAt: Date, seed: number, images: Images): Promise<Response> {
  const puris: BoothMeta['puris'] = []
  for (let n = 1; n <= play.doodled; n++) {
    puris.push({ number: n, isRawPuri: false, rawPuriImageNumber: null, isProofSample: false })
  }
  // The k-th raw picture is the doodled picture k before its doodles.
  for (let k = 1; k <= play.raw; k++) {
    puris.push({ number: play.doodled + k, isRawPuri: true, rawPuriImageNumber: k, isProofSample: false })
  }
  const form = new FormData()
  form.append('meta', JSON.stringify({ shotAt: shotAt.toISOString(), puris } satisfies BoothMeta))
  for (const puri of puris) {
    const picture = puri.rawPuriImageNumber ?? puri.number
    const svg = puriSvg({ ...PICTURE, number: picture, seed, raw: puri.isRawPuri, numbered: false })
    const jpeg = await images.jpegFromSvg(svg)
    form.append(`puri-${puri.number}`, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'puri.jpg')
  }
  // A Response encodes the form as a browser would, boundary and all.
  return new Response(form)
}

/** Pushes one play with the demo booth's key, as the booth does: its seal ID. */
async function pushPlay(app: FastifyInstance, body: Response): Promise<string> {
  const pushed = await app.inject({
    method: 'POST',
    url: apiPaths.boothPlay.path,
    headers: {
      authorization: `Bearer ${DEMO_BOOTH_KEY}`,
      'content-type': body.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await body.arrayBuffer()),
  })
  if (pushed.statusCode !== 201) throw new Error(`demo play push failed: ${pushed.body}`)
  return pushed.json().entity.sealId as string
}

/**
 * The demo members' plays (docs/guide/ground-rules.md), so that a person who signs in with a demo
 * account sees what PuriBox is for: the demo booth pushes a few plays, and each member saves its
 * own by the seal's ID, signed in, the way anyone does. The premium and junior-high members keep
 * every picture, raw ones included; the free member keeps one and sees the others waiting. Only
 * for a member who has registered no seal yet (read from the registrations, without signing in): a
 * later start, or a member a tester has given plays, is left as it is. Run after the demo accounts,
 * their payments and the demo booth exist (the booth's module is listed before this one).
 */
export async function seedDemoPlays(
  app: FastifyInstance,
  deps: {
    accounts: Pick<AccountService, 'findByMails'>
    saving: Pick<SavingRepository, 'hasRegistrations'>
    images: Images
    now: Date
  },
): Promise<void> {
  const rows = await deps.accounts.findByMails(Object.keys(DEMO_PLAYS))
  let seed = 1
  for (const [mailAddress, plays] of Object.entries(DEMO_PLAYS)) {
    const account = rows.find((row) => row.mailAddress === mailAddress)
    if (plays.length === 0 || !account || (await deps.saving.hasRegistrations(account.id))) continue
    await asDemoMember(app, mailAddress, async (headers) => {
      // Oldest first, so that my page, newest first by when each was saved, lists them as shot.
      for (const play of [...plays].reverse()) {
        const shotAt = new Date(deps.now.getTime() - play.hoursAgo * 60 * 60 * 1000)
        const sealId = await pushPlay(app, await playBody(play, shotAt, seed++, deps.images))
        const saved = await app.inject({
          method: 'POST',
          url: apiPaths.sealRegistration.path.replace(':id', sealId),
          headers,
        })
        if (saved.statusCode !== 200) throw new Error(`demo saving failed: ${saved.body}`)
      }
    })
  }
}
