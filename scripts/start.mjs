// `npm start`: build the SPA when dist/ is missing or older than what it is built from (src/,
// index.html, vite.config.ts and its build plugins), then run the server as
// `node <server-node-flags.json> --import tsx server/main.ts`. `npm run serve` (`--no-build`) runs
// the server alone. The flags: V8's young generation up to 64 MB a semi-space (default 16): under
// load fewer short-lived request objects survive into the old generation, so fewer scavenges and
// mark-compacts (decision 023: server CPU per request -4 to -7%, +3 to +5% req/s).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const newest = (dir) => {
  let latest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return latest
}
const index = path.join(root, 'dist', 'index.html')
const builtFrom = () =>
  Math.max(
    newest(path.join(root, 'src')),
    ...[
      'index.html',
      'vite.config.ts',
      'scripts/route-preload.ts',
      'scripts/precompress.ts',
      'scripts/prerender-login.ts',
    ].map((file) => fs.statSync(path.join(root, file)).mtimeMs),
  )
if (!process.argv.includes('--no-build') && (!fs.existsSync(index) || fs.statSync(index).mtimeMs < builtFrom())) {
  console.log('Building the console (vite build)...')
  // Always the production build: under a test runner NODE_ENV is 'test', which would bundle React's
  // development build (a third larger) and make the e2e suite measure and test another app.
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const flags = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'server-node-flags.json'), 'utf8'))
const server = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
