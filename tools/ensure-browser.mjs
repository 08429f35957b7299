// pretest: the browser tests need Debian's Chromium and Japanese fonts (without fonts-noto-cjk,
// Japanese renders as boxes in screenshots). Installs them when missing and allowed; otherwise
// names the exact command and stops.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const INSTALL = 'apt-get update && apt-get install -y chromium fonts-noto-cjk'

function hasPackage(name) {
  try {
    return execSync(`dpkg-query -W -f='\${Status}' ${name}`, { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .includes('install ok installed')
  } catch {
    return false
  }
}

const missing = []
if (!existsSync('/usr/bin/chromium')) missing.push('chromium')
if (!hasPackage('fonts-noto-cjk')) missing.push('fonts-noto-cjk')

if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `The browser tests need ${missing.join(' and ')}. Install them with:\n  sudo sh -c '${INSTALL}'`,
    )
    process.exit(1)
  }
  console.log(`Installing ${missing.join(', ')} for the browser tests…`)
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
    },
  )
}
