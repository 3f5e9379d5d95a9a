import { contextBridge, ipcRenderer } from 'electron'
import { buildApi } from '../../shared/ipc/api-builder'
import { ipcTransport } from './transport'

// The page gets exactly one thing: `window.api`, built from the contract. Nothing of Electron or Node.
contextBridge.exposeInMainWorld('api', buildApi(ipcTransport(ipcRenderer)))
