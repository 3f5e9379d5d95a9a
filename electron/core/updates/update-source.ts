/**
 * Where the update feed is, from the app-update.yml electron-builder writes into a packaged app
 * (its `publish` setting), unless a managed install names its own server. Null: no feed (a
 * development run, or a provider the app does not read).
 */
export function feedUrlFrom(appUpdateYml: string | null, override?: string): string | null {
  if (override) return override.replace(/\/+$/, '')
  if (!appUpdateYml) return null
  const top = new Map<string, string>()
  for (const line of appUpdateYml.split(/\r?\n/)) {
    const m = /^([A-Za-z][\w-]*):[ \t]*['"]?(.*?)['"]?[ \t]*$/.exec(line)
    if (m) top.set(m[1]!, m[2]!)
  }
  const provider = top.get('provider')
  if (provider === 'generic' && top.get('url')) return top.get('url')!.replace(/\/+$/, '')
  if (provider === 'github' && top.get('owner') && top.get('repo')) return `https://github.com/${top.get('owner')}/${top.get('repo')}/releases/latest/download`
  return null
}
