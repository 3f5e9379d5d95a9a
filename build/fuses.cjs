'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS by necessity: electron-builder require()s this file */
// The production fuse policy and the code that applies it to a packed Electron binary. Used by the
// afterPack hook (after-pack.cjs) and by the security checklist test, against a stand-in binary.
const { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } = require('@electron/fuses')

/** Every fuse @electron/fuses names, decided explicitly (true = on). */
const FUSE_POLICY = {
  RunAsNode: false, // ELECTRON_RUN_AS_NODE would turn the app into a plain Node.js runtime
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false, // NODE_OPTIONS could inject code
  EnableNodeCliInspectArguments: false, // --inspect would open a debugger
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  GrantFileProtocolExtraPrivileges: false, // the renderer is served from app://, file:// needs nothing
}

/**
 * Fuses the installed Electron has but the installed @electron/fuses has no name for yet, by index
 * on the fuse wire, each with the state we decided to keep. Electron 43+ carries a ninth fuse
 * (WasmTrapHandlers, on by default: WebAssembly bounds checks via signal handlers) that
 * @electron/fuses 1.8 does not know; it stays on.
 */
const UNNAMED_FUSE_POLICY = {
  8: { name: 'WasmTrapHandlers', enabled: true },
}

const ENABLED = '1'.charCodeAt(0)
const DISABLED = '0'.charCodeAt(0)
const REMOVED = 'r'.charCodeAt(0)

function namedFuseCount() {
  return Object.values(FuseV1Options).filter((v) => typeof v === 'number').length
}

/** The @electron/fuses config: every named fuse set, none inherited. */
function fuseConfig(strict) {
  const config = { version: FuseVersion.V1, strictlyRequireAllFuses: strict, resetAdHocDarwinSignature: process.platform === 'darwin' }
  for (const [name, index] of Object.entries(FuseV1Options)) {
    if (typeof index !== 'number') continue
    if (!(name in FUSE_POLICY)) throw new Error(`fuses: @electron/fuses knows a fuse "${name}" that build/fuses.cjs has not decided on. Add it to FUSE_POLICY.`)
    config[index] = FUSE_POLICY[name]
  }
  return config
}

/**
 * Flips the fuses of one packed binary and reads them back. Strict by construction: a fuse on the
 * binary's wire that neither @electron/fuses nor UNNAMED_FUSE_POLICY names fails the build (an
 * Electron upgrade added a fuse: decide on it). When the wire holds no more fuses than
 * @electron/fuses names, its own `strictlyRequireAllFuses` check runs as well.
 */
async function applyFusePolicy(binaryPath) {
  const before = await getCurrentFuseWire(binaryPath)
  const wireLength = Object.keys(before).filter((k) => /^\d+$/.test(k)).length
  const named = namedFuseCount()
  for (let i = named; i < wireLength; i++) {
    if (!UNNAMED_FUSE_POLICY[i]) {
      throw new Error(
        `fuses: this Electron has ${wireLength} fuses; fuse #${i} is known neither to @electron/fuses ${require('@electron/fuses/package.json').version} nor to build/fuses.cjs. Decide on it (UNNAMED_FUSE_POLICY) or update @electron/fuses.`,
      )
    }
  }
  await flipFuses(binaryPath, fuseConfig(wireLength <= named))

  // Read back: every decided fuse must now be in its decided state.
  const after = await getCurrentFuseWire(binaryPath)
  const problems = []
  for (const [name, index] of Object.entries(FuseV1Options)) {
    if (typeof index !== 'number' || index >= wireLength || after[index] === REMOVED) continue
    const want = FUSE_POLICY[name] ? ENABLED : DISABLED
    if (after[index] !== want) problems.push(`${name} is ${String.fromCharCode(after[index])}, wanted ${String.fromCharCode(want)}`)
  }
  for (const [index, { name, enabled }] of Object.entries(UNNAMED_FUSE_POLICY)) {
    if (Number(index) >= wireLength || after[index] === REMOVED) continue
    if (after[index] !== (enabled ? ENABLED : DISABLED)) problems.push(`${name} (#${index}) is ${String.fromCharCode(after[index])}, wanted ${enabled ? '1' : '0'}`)
  }
  if (problems.length) throw new Error(`fuses: read-back failed: ${problems.join('; ')}`)
  return after
}

module.exports = { FUSE_POLICY, UNNAMED_FUSE_POLICY, fuseConfig, applyFusePolicy }
