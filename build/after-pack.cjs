'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS by necessity: electron-builder require()s this file */
// electron-builder afterPack hook: flips the production fuses (build/fuses.cjs) on the packed
// Electron binary, before signing (electron-builder signs after this hook).
const path = require('node:path')
const { applyFusePolicy } = require('./fuses.cjs')

/** Where electron-builder put the Electron executable for this platform. */
function binaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(appOutDir, `${packager.appInfo.productFilename}.app`)
    case 'win32':
      return path.join(appOutDir, `${packager.appInfo.productFilename}.exe`)
    default:
      return path.join(appOutDir, packager.executableName)
  }
}

module.exports = async function afterPack(context) {
  const binary = binaryPath(context)
  await applyFusePolicy(binary)
  console.log(`  • fuses flipped for production  file=${binary}`)
}
module.exports.binaryPath = binaryPath
