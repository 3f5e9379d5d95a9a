/**
 * Start-at-login on Linux: a freedesktop autostart entry (~/.config/autostart/<name>.desktop), the
 * equivalent of app.setLoginItemSettings on macOS and Windows.
 */
export const AUTOSTART_FILE = 'wholesale-desk.desktop'

/** Quotes one Exec argument per the Desktop Entry spec (double quotes; \ " ` $ escaped). */
export function quoteExecArg(arg: string): string {
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(arg)) return arg
  return `"${arg.replace(/[\\"`$]/g, (c) => `\\${c}`)}"`
}

export function autostartEntry(executable: string, args: readonly string[]): string {
  const exec = [executable, ...args].map(quoteExecArg).join(' ').replace(/%/g, '%%')
  return ['[Desktop Entry]', 'Type=Application', 'Name=Wholesale Desk', `Exec=${exec}`, 'X-GNOME-Autostart-enabled=true', 'Terminal=false', ''].join('\n')
}
