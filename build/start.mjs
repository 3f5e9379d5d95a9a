// npm start: runs the app with electron-vite (dev server + Electron), passing our own arguments
// through (`npm start -- --demo`). When the Electron binary is missing it says why and how to fix
// it, instead of letting electron-vite fail (or `require('electron')` try to download it).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)

/**
 * Where the Electron binary is, or null with the reason. Mirrors the lookup of the `electron`
 * package (path.txt, ELECTRON_OVERRIDE_DIST_PATH) without requiring it: its index.js starts a
 * download when the binary is absent.
 */
export function findElectronBinary(env = process.env) {
  let pkgDir
  try {
    pkgDir = dirname(require.resolve('electron/package.json'))
  } catch {
    return { path: null, reason: 'the electron package is not installed (node_modules/electron is missing)' }
  }
  const pathFile = join(pkgDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron')
    return existsSync(candidate) ? { path: candidate, reason: null } : { path: null, reason: `ELECTRON_OVERRIDE_DIST_PATH points at ${candidate}, which does not exist` }
  }
  if (!relative) return { path: null, reason: 'the Electron binary was never downloaded (node_modules/electron has no path.txt)' }
  const candidate = join(pkgDir, 'dist', relative)
  return existsSync(candidate) ? { path: candidate, reason: null } : { path: null, reason: `the Electron binary is missing (${candidate} does not exist)` }
}

export function missingElectronMessage(reason) {
  return [
    'Wholesale Desk cannot start: the Electron binary is not available.',
    '',
    `Why: ${reason}.`,
    'This happens when dependencies were installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1 (as CI does)',
    'or while offline: the electron package is there, the Electron program it wraps is not.',
    '',
    'Fix it with one of:',
    '  npx electron --version          (downloads the binary for this machine)',
    '  rm -rf node_modules && npm install   (reinstall without ELECTRON_SKIP_BINARY_DOWNLOAD set)',
    '',
    'Without Electron you can still use the app in a browser against the same core:',
    '  npm run harness',
  ].join('\n')
}

async function main(argv) {
  const found = findElectronBinary()
  if (!found.path) {
    console.error(missingElectronMessage(found.reason))
    return 1
  }
  // `--preview` runs the production build (electron-vite preview) instead of the dev server.
  const preview = argv.includes('--preview')
  const appArgs = argv.filter((a) => a !== '--preview')
  const cli = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  const child = spawn(process.execPath, [cli, preview ? 'preview' : 'dev', ...(appArgs.length ? ['--', ...appArgs] : [])], {
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_EXEC_PATH: found.path },
  })
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)))
    child.on('error', (err) => {
      console.error(`Could not run electron-vite: ${err.message}`)
      resolve(1)
    })
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2))
}
