import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './modules/accounts/accounts.demo'
import { displayPath, type StartMessageInput, startMessage } from './start-message'

const embedded: StartMessageInput = {
  publicUrl: 'http://localhost:3000',
  host: '127.0.0.1',
  port: 3000,
  database: 'pglite',
  dataDir: './data',
  logLevel: 'warn',
  demo: { password: 'puribox-demo-1', accounts: DEMO_ACCOUNTS },
  lanAddresses: ['192.168.1.20'],
}

describe('startMessage', () => {
  it('tells a person what to open and how to sign in, in plain text', () => {
    expect(startMessage(embedded)).toBe(
      [
        'PuriBox is running: http://localhost:3000/sp/top/menu',
        '  Demo accounts (sign in at http://localhost:3000/web/login/top):',
        '    mini@demo.puribox.jp      puribox-demo-1  free',
        '    premium@demo.puribox.jp   puribox-demo-1  premium',
        '    official@demo.puribox.jp  puribox-demo-1  free, official',
        '    jhs@demo.puribox.jp       puribox-demo-1  junior-high free premium',
        '  A booth play: npm run booth',
        '  Only this computer can open it; to open it on a phone on the same Wi-Fi, start with',
        '  HOST=0.0.0.0 PUBLIC_URL=http://192.168.1.20:3000 npm start',
        '  Data in ./data; LOG_LEVEL=info logs every request',
      ].join('\n'),
    )
  })

  it('lists every demo account the seed creates, each with the password', () => {
    const message = startMessage({ ...embedded, demo: { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS } })
    for (const account of DEMO_ACCOUNTS) {
      expect(message).toMatch(new RegExp(`${account.mailAddress}\\s+${DEMO_PASSWORD}`))
    }
    expect(message).not.toContain('{')
  })

  it('shows where to put the address when the computer has no network address', () => {
    expect(startMessage({ ...embedded, lanAddresses: [] })).toContain(
      "HOST=0.0.0.0 PUBLIC_URL=http://<this computer's address>:3000 npm start",
    )
  })

  it('leaves the accounts out when no demo data is seeded', () => {
    const message = startMessage({ ...embedded, demo: null })
    expect(message).not.toContain('Demo accounts')
    expect(message).not.toContain('puribox-demo-1')
  })

  it('points the booth at the port the server is on', () => {
    const message = startMessage({ ...embedded, port: 3999, publicUrl: 'http://localhost:3999' })
    expect(message).toContain('PuriBox is running: http://localhost:3999/sp/top/menu')
    expect(message).toContain('A booth play: npm run booth -- --url http://localhost:3999')
  })

  it('says who can reach it when open to the network, and asks for PUBLIC_URL until it is set', () => {
    const open = startMessage({ ...embedded, host: '0.0.0.0', lanAddresses: ['192.168.1.20', '10.0.0.7'] })
    expect(open).toContain(
      'Open to the network (HOST=0.0.0.0): a phone on the same Wi-Fi opens http://192.168.1.20:3000 or http://10.0.0.7:3000',
    )
    expect(open).toContain('Start with PUBLIC_URL=http://192.168.1.20:3000 for links, QR codes and sign-in')
    expect(open).toContain('A booth play: npm run booth\n')
    expect(open).not.toContain('Only this computer')

    const reachable = startMessage({
      ...embedded,
      host: '0.0.0.0',
      publicUrl: 'http://192.168.1.20:3000',
    })
    expect(reachable).toContain('PuriBox is running: http://192.168.1.20:3000/sp/top/menu')
    expect(reachable).not.toContain('Start with PUBLIC_URL')
  })

  it('says where the data is when the database is PostgreSQL, and no log hint at info', () => {
    const message = startMessage({ ...embedded, database: 'postgres', logLevel: 'info' })
    expect(message).toContain('  Files in ./data, database on PostgreSQL')
    expect(message).not.toContain('LOG_LEVEL')
  })
})

describe('displayPath', () => {
  it('shows a folder inside the working folder relative to it, any other as it is', () => {
    expect(displayPath('/home/a/puribox/data', '/home/a/puribox')).toBe('./data')
    expect(displayPath('/home/a/puribox', '/home/a/puribox')).toBe('.')
    expect(displayPath('/tmp/pbx', '/home/a/puribox')).toBe('/tmp/pbx')
  })
})
