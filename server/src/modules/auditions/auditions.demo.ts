import { addDays, japanDay } from '@puribox/contract/time'
import text from '../../locales/ja/auditions-demo.json' with { type: 'json' }
import type { AuditionsRepository } from './auditions.repository'

/** The demo auditions' age ranges (the sandbox verifier knows the same ids). */
const DEMO_AGES: Record<keyof typeof text, { minAge: number; maxAge: number }> = {
  'model-2027-spring': { minAge: 13, maxAge: 19 },
  'friends-campaign-2027': { minAge: 16, maxAge: 29 },
  'adult-ad-2027': { minAge: 20, maxAge: 34 },
}

/**
 * Demo auditions outside production (docs/guide/ground-rules.md): three open from a month before the first start
 * for about six months (to the end of a day, Japan time), with age ranges that make a teenager, a young adult and an older member see
 * different ones. What exists is left as it is.
 */
export async function seedDemoAuditions(repo: AuditionsRepository, now: Date): Promise<void> {
  for (const [id, ages] of Object.entries(DEMO_AGES) as Array<
    [keyof typeof text, (typeof DEMO_AGES)[keyof typeof text]]
  >) {
    await repo.addAudition({
      id,
      ...text[id],
      ...ages,
      opensAt: addDays(now, -30),
      // The end of a day, Japan time (shown as 23:59), as a real call for entries ends.
      closesAt: new Date(`${japanDay(addDays(now, 180))}T23:59:59+09:00`),
    })
  }
}
