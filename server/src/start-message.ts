import path from 'node:path'

/** A demo account as the demo seed creates it. */
export interface DemoAccountLine {
  mailAddress: string
  membershipStatus: string
  official: boolean
}

export interface StartMessageInput {
  /** The site's address as people reach it (PUBLIC_URL, or http://localhost:<port>). */
  publicUrl: string
  /** The address the server listens on (HOST). */
  host: string
  port: number
  /** `pglite` or `postgres`. */
  database: string
  /** Where the data lives, as the person should read it (`./data`). */
  dataDir: string
  logLevel: string
  /** The demo accounts and their password, or null when no demo data is seeded. */
  demo: { password: string; accounts: readonly DemoAccountLine[] } | null
  /** This computer's IPv4 addresses on its networks, for the hint about phones on the same Wi-Fi. */
  lanAddresses: readonly string[]
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i
const WILDCARD = /^(0\.0\.0\.0|::)$/

/** What the booth simulator pushes to when given no address (its own default). */
const BOOTH_DEFAULT_URL = 'http://localhost:3000'

const MEMBERSHIP_NAMES: Record<string, string> = {
  MINI: 'free',
  PREMIUM: 'premium',
  JHS_PREMIUM: 'junior-high free premium',
}

function roleOf(account: DemoAccountLine): string {
  const membership = MEMBERSHIP_NAMES[account.membershipStatus] ?? account.membershipStatus.toLowerCase()
  return account.official ? `${membership}, official` : membership
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/**
 * What `npm start` prints once the server answers, outside production: plain text for a person —
 * the address to open, the demo accounts with their password, how to play at the booth, who can
 * reach the server, and where the data is.
 */
export function startMessage(input: StartMessageInput): string {
  const site = input.publicUrl.replace(/\/+$/, '')
  const lines = [`PuriBox is running: ${site}/sp/top/menu`]

  if (input.demo && input.demo.accounts.length > 0) {
    const { password, accounts } = input.demo
    const width = Math.max(...accounts.map((account) => account.mailAddress.length))
    lines.push(`  Demo accounts (sign in at ${site}/web/login/top):`)
    for (const account of accounts) {
      lines.push(`    ${account.mailAddress.padEnd(width)}  ${password}  ${roleOf(account)}`)
    }
  }

  // The booth runs on this computer: it reaches the server at localhost unless the server listens
  // on one particular other address.
  const listensLocally = LOOPBACK.test(input.host) || WILDCARD.test(input.host)
  const boothUrl = `http://${listensLocally ? 'localhost' : urlHost(input.host)}:${input.port}`
  lines.push(`  A booth play: npm run booth${boothUrl === BOOTH_DEFAULT_URL ? '' : ` -- --url ${boothUrl}`}`)

  if (LOOPBACK.test(input.host)) {
    const address = input.lanAddresses[0] ?? "<this computer's address>"
    lines.push(
      '  Only this computer can open it; to open it on a phone on the same Wi-Fi, start with',
      `  HOST=0.0.0.0 PUBLIC_URL=http://${address}:${input.port} npm start`,
    )
  } else {
    const addresses = WILDCARD.test(input.host) ? input.lanAddresses : [input.host]
    const phoneUrls = addresses.map((address) => `http://${urlHost(address)}:${input.port}`)
    lines.push(
      `  Open to the network (HOST=${input.host})` +
        (phoneUrls.length > 0 ? `: a phone on the same Wi-Fi opens ${phoneUrls.join(' or ')}` : ''),
    )
    // Links in mails, the booth's QR code and the sign-in round trips lead to PUBLIC_URL.
    if (!phoneUrls.includes(site)) {
      const example = phoneUrls[0] ?? `http://<this computer's address>:${input.port}`
      lines.push(`  Start with PUBLIC_URL=${example} for links, QR codes and sign-in to work there`)
    }
  }

  const quiet = !['info', 'debug', 'trace'].includes(input.logLevel)
  lines.push(
    (input.database === 'pglite'
      ? `  Data in ${input.dataDir}`
      : `  Files in ${input.dataDir}, database on PostgreSQL`) +
      (quiet ? '; LOG_LEVEL=info logs every request' : ''),
  )
  return lines.join('\n')
}

/** A data folder as a person reads it: relative to where they started the server when inside it. */
export function displayPath(folder: string, cwd: string): string {
  const relative = path.relative(cwd, folder)
  if (relative === '') return '.'
  if (relative.startsWith('..') || path.isAbsolute(relative)) return folder
  return `.${path.sep}${relative}`
}
