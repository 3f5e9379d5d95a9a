// npm run self-check:packaged — after `npm run package`: runs the packaged app (release/…-unpacked,
// or the .app on macOS) with --self-check, prints its report and exits with its exit code. CI runs
// it on every system: the one test of the app as it is installed (its archive, its unpacked keytar,
// its Electron's node:sqlite). A directory argument overrides release/.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)

/** Long enough for a cold start, the demo service and a first sync on a slow CI runner. */
const TIMEOUT_MS = 180_000

/** The packaged app's executable in `releaseDir` for `platform`, or null with the places looked in. */
export function packagedExecutable(releaseDir, platform, { productName, executableName }) {
  const dirs = existsSync(releaseDir) ? readdirSync(releaseDir) : []
  const candidates =
    platform === 'darwin'
      ? dirs.filter((d) => /^mac(-\w+)?$/.test(d)).map((d) => join(releaseDir, d, `${productName}.app`, 'Contents', 'MacOS', productName))
      : platform === 'win32'
        ? dirs.filter((d) => /^win(-\w+)?-unpacked$/.test(d)).map((d) => join(releaseDir, d, `${productName}.exe`))
        : dirs.filter((d) => /^linux(-\w+)?-unpacked$/.test(d)).map((d) => join(releaseDir, d, executableName))
  return { path: candidates.find((c) => existsSync(c)) ?? null, lookedIn: candidates }
}

function main() {
  const config = require('./electron-builder.config.cjs')
  const releaseDir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', config.directories.output))
  const found = packagedExecutable(releaseDir, process.platform, { productName: config.productName, executableName: config.linux.executableName })
  if (!found.path) {
    console.error(`self-check: no packaged app in ${releaseDir} (looked for ${found.lookedIn.join(', ') || 'an unpacked app'}). Run npm run package first.`)
    return 2
  }
  const reportPath = join(mkdtempSync(join(tmpdir(), 'wd-self-check-report-')), 'report.json')
  console.log(`self-check: ${found.path} --self-check`)
  const run = spawnSync(found.path, [`--self-check=${reportPath}`], { stdio: ['ignore', 'inherit', 'inherit'], timeout: TIMEOUT_MS })
  if (existsSync(reportPath)) console.log(readFileSync(reportPath, 'utf8'))
  else console.error('self-check: the app wrote no report')
  if (run.error) console.error(`self-check: ${run.error.message}`)
  const status = run.status ?? 1
  console.log(`self-check: exit ${status}${run.signal ? ` (${run.signal})` : ''}`)
  return status
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main())
