'use strict'
// What of the packaging depends on the machine that packs: signing identities, notarisation, where
// updates are published, and the per-machine installer. All from environment variables, which CI
// fills from repository secrets; with none set, a local build is simply unsigned.

/** @param {Record<string, string | undefined>} env */
function releaseOptions(env) {
  const winCert = env.WIN_CSC_LINK || env.CSC_LINK
  const winPassword = env.WIN_CSC_LINK ? env.WIN_CSC_KEY_PASSWORD : env.CSC_KEY_PASSWORD
  const macCert = env.CSC_LINK || env.CSC_NAME
  const notarize = Boolean(env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID)
  const [owner, repo] = (env.GITHUB_REPOSITORY || 'wholesale-desk/wholesale-desk').split('/')
  // A company hosting its own updates builds with WD_UPDATE_URL (a folder served over https).
  const publish = env.WD_UPDATE_URL ? { provider: 'generic', url: env.WD_UPDATE_URL } : { provider: 'github', owner, repo, releaseType: 'release' }
  return {
    publish,
    signed: { windows: Boolean(winCert), mac: Boolean(macCert), notarize },
    win: winCert ? { signtoolOptions: { certificateFile: winCert, ...(winPassword ? { certificatePassword: winPassword } : {}), ...(env.WIN_PUBLISHER_NAME ? { publisherName: env.WIN_PUBLISHER_NAME } : {}) } } : {},
    // identity null: skip signing instead of searching the keychain (an unsigned local build works).
    mac: { notarize, ...(macCert ? {} : { identity: null }) },
    // WD_NSIS_PER_MACHINE=1: an installer that always installs for every user (Program Files, admin
    // rights). Without it the assisted installer asks, and `/S /allusers` installs per machine silently.
    nsis: env.WD_NSIS_PER_MACHINE === '1' ? { perMachine: true } : { perMachine: false, selectPerMachineByDefault: false },
  }
}

module.exports = { releaseOptions }
