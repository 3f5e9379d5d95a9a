/// <reference types="vite/client" />
import type { Api } from '../../shared/ipc/api-builder'

declare global {
  interface Window {
    /** The typed bridge to the core, built by buildApi() in the preload (Electron) or the browser harness. */
    api: Api
  }
}

export {}
