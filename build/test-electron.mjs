// npm run test:electron: builds the app and runs the real-Electron journeys (tests/electron).
// Where the Electron binary is missing (ELECTRON_SKIP_BINARY_DOWNLOAD=1, offline installs) it says
// so in one line and succeeds without running anything: those machines test the core under Node.
import { spawnSync } from 'node:child_process'
import { findElectronBinary } from './start.mjs'

const found = findElectronBinary()
if (!found.path) {
  console.log(`test:electron: skipped, no Electron binary here (${found.reason}).`)
  process.exit(0)
}
const run = (args) => spawnSync('npx', args, { stdio: 'inherit', shell: process.platform === 'win32', env: { ...process.env, WHOLESALE_DESK_ELECTRON: found.path } }).status ?? 1
const built = run(['electron-vite', 'build'])
if (built !== 0) process.exit(built)
process.exit(run(['vitest', 'run', '--config', 'tests/electron/vitest.electron.config.ts', ...process.argv.slice(2)]))
