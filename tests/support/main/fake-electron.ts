/**
 * A stand-in for the `electron` module, for the tests of electron/main and electron/preload: the
 * Electron runtime cannot run on this machine. It implements just the calls they make, records them, and lets the test
 * fire the events Electron would fire. It decides nothing and checks nothing itself.
 */
import { EventEmitter } from 'node:events'
import { tmpdir } from 'node:os'

type Listener = (...args: unknown[]) => void

class Emitter {
  readonly events = new EventEmitter()
  on(name: string, l: Listener) {
    this.events.on(name, l)
    return this
  }
  once(name: string, l: Listener) {
    this.events.once(name, l)
    return this
  }
  off(name: string, l: Listener) {
    this.events.off(name, l)
    return this
  }
  emit(name: string, ...args: unknown[]) {
    return this.events.emit(name, ...args)
  }
}

/** An Electron-style cancellable event. */
export function electronEvent(fields: Record<string, unknown> = {}) {
  const e = { ...fields, defaultPrevented: false, preventDefault: () => void (e.defaultPrevented = true) }
  return e
}

let nextContentsId = 1

class FakeWebContents extends Emitter {
  readonly id = nextContentsId++
  readonly sent: unknown[][] = []
  windowOpenHandler: ((d: { url: string }) => unknown) | null = null
  loading = true
  destroyed = false
  send(...args: unknown[]) {
    this.sent.push(args)
  }
  isLoading() {
    return this.loading
  }
  isDestroyed() {
    return this.destroyed
  }
  setWindowOpenHandler(h: (d: { url: string }) => unknown) {
    this.windowOpenHandler = h
  }
  getURL() {
    return ''
  }
}

class FakeBrowserWindow extends Emitter {
  static all: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  loadedUrl: string | null = null
  visible = false
  destroyed = false
  constructor(readonly options: Record<string, unknown>) {
    super()
    const o = options as { x?: number; y?: number; width: number; height: number }
    this.bounds = { x: o.x ?? 80, y: o.y ?? 60, width: o.width, height: o.height }
    FakeBrowserWindow.all.push(this)
    fakeElectron.app.emit('web-contents-created', electronEvent(), this.webContents)
  }
  async loadURL(url: string) {
    this.loadedUrl = url
  }
  show() {
    this.visible = true
  }
  hide() {
    this.visible = false
  }
  focus() {}
  restore() {}
  isVisible() {
    return this.visible
  }
  isMinimized() {
    return false
  }
  maximized = false
  maximize() {
    this.maximized = true
  }
  isMaximized() {
    return this.maximized
  }
  /** Where the window is: as it was created (the user moves it by setting this). */
  bounds = { x: 0, y: 0, width: 0, height: 0 }
  getNormalBounds() {
    return { ...this.bounds }
  }
  isDestroyed() {
    return this.destroyed
  }
  setBackgroundColor() {}
  /** What Electron does on a close request: 'close' (cancellable), then 'closed' unless prevented. */
  requestClose() {
    const e = electronEvent()
    this.emit('close', e)
    if (!e.defaultPrevented) {
      this.destroyed = true
      this.webContents.destroyed = true
      this.emit('closed')
    }
    return !e.defaultPrevented
  }
}

class FakeNotification extends Emitter {
  static shown: FakeNotification[] = []
  static isSupported() {
    return true
  }
  constructor(readonly options: { title: string; body: string }) {
    super()
  }
  show() {
    FakeNotification.shown.push(this)
  }
  /** How many times the app dismissed it (Electron's close(): gone from the screen and the OS centre). */
  closeCalls = 0
  close() {
    this.closeCalls++
  }
}

class FakeTray extends Emitter {
  static last: FakeTray | null = null
  image: unknown
  tooltip = ''
  menu: Array<{ label?: string; type?: string; checked?: boolean; click?: () => void }> = []
  destroyed = false
  constructor(image: unknown) {
    super()
    this.image = image
    FakeTray.last = this
  }
  setImage(image: unknown) {
    this.image = image
  }
  setToolTip(t: string) {
    this.tooltip = t
  }
  setContextMenu(menu: FakeTray['menu']) {
    this.menu = menu
  }
  displayBalloon() {}
  destroy() {
    this.destroyed = true
  }
}

/** Chromium's command line as Electron shows it: a switch given again replaces its value. */
class FakeCommandLine {
  readonly switches = new Map<string, string>()
  appendSwitch(name: string, value = '') {
    this.switches.set(name, value)
  }
  getSwitchValue(name: string) {
    return this.switches.get(name) ?? ''
  }
}

class FakeApp extends Emitter {
  readonly calls: string[] = []
  readonly commandLine = new FakeCommandLine()
  userData = ''
  isPackaged = true
  exitCode: number | null = null
  private readyResolve!: () => void
  private readonly ready = new Promise<void>((r) => (this.readyResolve = r))
  enableSandbox() {
    this.calls.push('enableSandbox')
  }
  setToastActivatorCLSID(id: string) {
    this.calls.push(`setToastActivatorCLSID ${id}`)
  }
  setAppUserModelId(id: string) {
    this.calls.push(`setAppUserModelId ${id}`)
  }
  setName(name: string) {
    this.calls.push(`setName ${name}`)
  }
  requestSingleInstanceLock() {
    this.calls.push('requestSingleInstanceLock')
    return true
  }
  whenReady() {
    return this.ready
  }
  /** The test says when Electron is ready. */
  becomeReady() {
    this.calls.push('ready')
    this.readyResolve()
  }
  /** The system's temporary folder: this machine's. */
  tempPath = tmpdir()
  getPath(name: string) {
    if (name === 'temp') return this.tempPath
    if (name !== 'userData') throw new Error(`fake app: no path ${name}`)
    return this.userData
  }
  setPath(name: string, path: string) {
    if (name !== 'userData') throw new Error(`fake app: cannot set path ${name}`)
    this.calls.push(`setPath userData`)
    this.userData = path
  }
  getVersion() {
    return '1.2.3'
  }
  getLocale() {
    return 'en-US'
  }
  getLoginItemSettings() {
    return { openAtLogin: false }
  }
  setLoginItemSettings() {}
  /** Electron's quit sequence: before-quit, then will-quit (cancellable); done when not prevented. */
  quit() {
    this.calls.push('quit')
    this.emit('before-quit', electronEvent())
    const e = electronEvent()
    this.emit('will-quit', e)
    if (!e.defaultPrevented) this.calls.push('quit:done')
  }
  exit(code: number) {
    this.calls.push(`exit ${code}`)
    this.exitCode = code
  }
}

class FakeIpcRenderer extends Emitter {
  readonly invoked: unknown[][] = []
  async invoke(...args: unknown[]) {
    this.invoked.push(args)
    return null
  }
  removeListener(name: string, l: Listener) {
    return this.off(name, l)
  }
}

function fakeSession() {
  const s = {
    permissionRequest: null as null | ((...a: unknown[]) => void),
    permissionCheck: null as null | ((...a: unknown[]) => boolean),
    headersListener: null as null | ((...a: unknown[]) => void),
    setPermissionRequestHandler: (h: (...a: unknown[]) => void) => void (s.permissionRequest = h),
    setPermissionCheckHandler: (h: (...a: unknown[]) => boolean) => void (s.permissionCheck = h),
    webRequest: { onHeadersReceived: (_filter: unknown, l: (...a: unknown[]) => void) => void (s.headersListener = l) },
  }
  return s
}

export const fakeElectron = {
  app: new FakeApp(),
  BrowserWindow: FakeBrowserWindow,
  Notification: FakeNotification,
  Tray: FakeTray,
  Menu: { buildFromTemplate: (template: unknown[]) => template },
  nativeImage: { createFromPath: (path: string) => ({ path }) },
  nativeTheme: Object.assign(new Emitter(), { shouldUseDarkColors: false }),
  /** One 1920×1080 display unless a test plugs in others. */
  screen: { displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }], getAllDisplays: () => fakeElectron.screen.displays },
  session: { defaultSession: fakeSession() },
  shell: { opened: [] as string[], openExternal: async (url: string) => void fakeElectron.shell.opened.push(url) },
  dialog: { errors: [] as string[][], showErrorBox: (title: string, body: string) => void fakeElectron.dialog.errors.push([title, body]) },
  protocol: {
    privileged: [] as unknown[],
    handlers: new Map<string, (req: Request) => Promise<Response>>(),
    registerSchemesAsPrivileged: (schemes: unknown[]) => void fakeElectron.protocol.privileged.push(...schemes),
    handle: (scheme: string, h: (req: Request) => Promise<Response>) => void fakeElectron.protocol.handlers.set(scheme, h),
  },
  ipcMain: {
    handlers: new Map<string, (...a: unknown[]) => unknown>(),
    handle: (channel: string, h: (...a: unknown[]) => unknown) => void fakeElectron.ipcMain.handlers.set(channel, h),
    removeHandler: (channel: string) => void fakeElectron.ipcMain.handlers.delete(channel),
  },
  // The preload's side.
  contextBridge: {
    exposed: [] as Array<[key: string, value: unknown]>,
    exposeInMainWorld: (key: string, value: unknown) => void fakeElectron.contextBridge.exposed.push([key, value]),
  },
  ipcRenderer: new FakeIpcRenderer(),
}
