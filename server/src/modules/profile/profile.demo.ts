import { apiPaths } from '@puribox/contract/api-paths'
import { PROFILE_FIELDS_PART, PROFILE_IMAGE_FIELD } from '@puribox/contract/profile-rules'
import type { FastifyInstance } from 'fastify'
import text from '../../locales/ja/demo.json' with { type: 'json' }
import type { Images } from '../../ports/images'
import { asDemoMember, DEMO_ACCOUNTS } from '../accounts/accounts.demo'
import type { AccountService } from '../accounts/accounts.service'
import { portraitSvg } from '../booth/puri-drawing'
import type { ProfileRepository } from './profile.repository'

/**
 * The demo members' profiles (docs/guide/ground-rules.md): a nickname and a picture cropped from a
 * puri, saved signed in as anyone saves theirs, so that the frame shows who is signed in. Only for a
 * member without a nickname (read from the profiles, without signing in): one a tester has given is
 * left as it is.
 */
export async function seedDemoProfiles(
  app: FastifyInstance,
  deps: {
    accounts: Pick<AccountService, 'findByMails'>
    profiles: Pick<ProfileRepository, 'find'>
    images: Images
  },
): Promise<void> {
  const rows = await deps.accounts.findByMails(DEMO_ACCOUNTS.map((demo) => demo.mailAddress))
  for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
    const account = rows.find((row) => row.mailAddress === demo.mailAddress)
    if (!account || (await deps.profiles.find(account.id))?.nickname) continue
    const nickname = text.nicknames[demo.mailAddress]
    await asDemoMember(app, demo.mailAddress, async (headers) => {
      const form = new FormData()
      form.append(
        PROFILE_FIELDS_PART,
        JSON.stringify({ nickname, birthday: null, gender: null, prefectureName: null }),
      )
      const picture = await deps.images.jpegFromSvg(portraitSvg({ seed: index + 1, size: 480 }))
      form.append(PROFILE_IMAGE_FIELD, new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'me.jpg')
      // A Response encodes the form as a browser would, boundary and all.
      const body = new Response(form)
      const saved = await app.inject({
        method: 'POST',
        url: apiPaths.profileSave.path,
        headers: { ...headers, 'content-type': body.headers.get('content-type') ?? '' },
        payload: Buffer.from(await body.arrayBuffer()),
      })
      if (saved.statusCode !== 200) throw new Error(`demo profile save failed: ${saved.body}`)
    })
  }
}
