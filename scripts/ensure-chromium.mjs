// Runs before `npm test`: the e2e suite drives Debian's Chromium (/usr/bin/chromium), which
// `npx playwright install` cannot download here. Install it from Debian when missing.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const CHROMIUM = '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} is missing. Install it with: sudo apt-get install -y chromium`)
    process.exit(1)
  }
  console.log('Installing Chromium from Debian (apt-get install -y chromium)...')
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit' }).status === 0
  if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', 'chromium'])) process.exit(1)
}
