'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS by necessity: electron-builder require()s this file */
// electron-builder configuration (npm run package). Identity comes from build/app-identity.json,
// which the main process reads too, so the AppUserModelId and toast CLSID cannot drift apart.
const identity = require('./app-identity.json')
const { releaseOptions } = require('./release-env.cjs')

const release = releaseOptions(process.env)

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: identity.appId,
  productName: identity.productName,
  directories: { output: 'release', buildResources: 'build' },
  // The app's three bundles, not what the tests leave in out/ (the browser harness, test reports).
  files: ['out/**', 'resources/**', 'package.json', '!out/test-results/**', '!out/harness/**'],
  asar: true,
  // keytar is a native module: it must live outside the archive. Icons are handed to the OS (tray,
  // notifications) as file paths, so they are unpacked too.
  asarUnpack: ['node_modules/keytar/**', 'resources/**'],
  icon: 'resources/icon.png',
  afterPack: './build/after-pack.cjs',
  // electron-updater reads this (written into the app as app-update.yml) to find new releases.
  publish: release.publish,
  win: {
    target: ['nsis', 'appx'],
    ...release.win,
  },
  nsis: {
    oneClick: false,
    ...release.nsis,
    // Per-machine installs need elevation; the installer asks for it only then.
    allowElevation: true,
    allowToChangeInstallationDirectory: true,
    // The Start menu shortcut carries the AppUserModelId (= appId); the toast activator CLSID is
    // registered by the app itself at start (app.setToastActivatorCLSID before setAppUserModelId).
    createStartMenuShortcut: true,
    shortcutName: identity.productName,
  },
  appx: {
    applicationId: 'WholesaleDesk',
    identityName: identity.appId,
    displayName: identity.productName,
    customExtensionsPath: 'build/appx-extensions.xml',
  },
  mac: {
    target: ['dmg', 'zip'],
    category: 'public.app-category.business',
    hardenedRuntime: true,
    ...release.mac,
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    executableName: 'wholesale-desk',
    synopsis: 'Desktop ordering for resellers',
  },
  deb: {
    // keytar talks to the Secret Service through libsecret.
    depends: ['libsecret-1-0', 'libnotify4', 'libxtst6', 'libnss3'],
  },
}
