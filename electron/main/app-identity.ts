import identity from '../../build/app-identity.json'

/**
 * The app's identity, shared with the packager (build/electron-builder.config.cjs reads the same
 * JSON): the Windows AppUserModelId must equal the appId the installer writes into the Start menu
 * shortcut, and the toast activator CLSID must never change, or clicks on toasts stop reaching us.
 */
export const APP_USER_MODEL_ID: string = identity.appId
export const PRODUCT_NAME: string = identity.productName
export const TOAST_ACTIVATOR_CLSID: string = identity.toastActivatorClsid
