import { Resolver } from 'node:dns/promises'

/**
 * Whether a mail domain can receive mail (decision 0046): a domain with an MX record, or without
 * one an A or AAAA record (RFC 5321's implicit MX). `unknown` when the answer did not come (a DNS
 * server down or slow): the inquiry is not refused for the network's fault.
 */
export type MailDomainAnswer = 'receives' | 'no-mail' | 'unknown'

export interface MailDomains {
  check(domain: string): Promise<MailDomainAnswer>
}

/** The names no DNS answers for: RFC 2606 and RFC 6761's reserved top levels. */
const RESERVED_TOP_LEVELS = ['invalid', 'test', 'example', 'localhost']

const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME'])

/** Production: the system's DNS, each question at most `timeoutMs`. */
export function createDnsMailDomains(timeoutMs = 2000): MailDomains {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 })
  async function has(query: () => Promise<unknown[]>): Promise<boolean | null> {
    try {
      return (await query()).length > 0
    } catch (error) {
      const code = (error as { code?: unknown }).code
      return typeof code === 'string' && NO_SUCH_NAME.has(code) ? false : null
    }
  }
  return {
    async check(domain) {
      const top = domain.split('.').at(-1)?.toLowerCase() ?? ''
      if (RESERVED_TOP_LEVELS.includes(top)) return 'no-mail'
      const mx = await has(() => resolver.resolveMx(domain))
      if (mx) return 'receives'
      const a = await has(() => resolver.resolve4(domain))
      if (a) return 'receives'
      const aaaa = await has(() => resolver.resolve6(domain))
      if (aaaa) return 'receives'
      return mx === null || a === null || aaaa === null ? 'unknown' : 'no-mail'
    },
  }
}

/**
 * Development and tests (no network needed): every domain receives mail except those under the
 * reserved top levels, so a tester (and a test) sees the refusal by typing `someone@anything.invalid`.
 */
export function createSandboxMailDomains(): MailDomains {
  return {
    async check(domain) {
      const top = domain.split('.').at(-1)?.toLowerCase() ?? ''
      return RESERVED_TOP_LEVELS.includes(top) ? 'no-mail' : 'receives'
    },
  }
}
