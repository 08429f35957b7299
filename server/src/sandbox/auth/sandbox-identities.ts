import { randomBytes } from 'node:crypto'
import { EXTERNAL_PROVIDERS, type ExternalProvider } from '@puribox/contract/external-auth'

/** The fixed test people every provider of the sandbox knows (plus "a new one" each time). */
export const SANDBOX_PEOPLE = ['sakura', 'hinata', 'momo'] as const
export type SandboxPerson = (typeof SANDBOX_PEOPLE)[number]

/**
 * The `sub` of the sandbox's ID tokens: `<provider>-<person>` (e.g. `line-sakura`), so a tester can
 * tell them apart in the database, and the same person at two providers is two identities.
 */
export function sandboxSubject(provider: ExternalProvider, person: SandboxPerson | 'new'): string {
  if (person === 'new') return `${provider}-new-${randomBytes(6).toString('hex')}`
  return `${provider}-${person}`
}

/** The provider a sandbox subject belongs to, or null for anything the sandbox did not make. */
export function providerOfSandboxSubject(subject: string): ExternalProvider | null {
  const prefix = subject.slice(0, subject.indexOf('-'))
  const provider = EXTERNAL_PROVIDERS.find((candidate) => candidate === prefix)
  if (!provider || !/^[a-z]+-[a-z0-9-]{1,40}$/.test(subject)) return null
  return provider
}

/**
 * Whether the sandbox's carrier says a subject's line may take its add-on plan (decision 0066): the
 * au and docomo lines of the test people sakura and momo may; hinata's and a new person's may not, so a
 * tester can try both.
 */
export function sandboxLineMayAddOn(subject: string): boolean {
  return /^(au|docomo)-(sakura|momo)$/.test(subject)
}

export function isSandboxPerson(value: unknown): value is SandboxPerson | 'new' {
  return value === 'new' || (SANDBOX_PEOPLE as readonly unknown[]).includes(value)
}
