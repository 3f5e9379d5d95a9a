import admin from './messages/admin'
import baskets from './messages/baskets'
import catalogue from './messages/catalogue'
import connection from './messages/connection'
import frame from './messages/frame'
import orders from './messages/orders'
import settings from './messages/settings'

/**
 * Every domain's message file, the lazily loaded ones included (see index.ts), for the tests that
 * check them all. The app itself never imports this module: it would put them all in the initial bundle.
 */
export const messageFiles = { frame, connection, settings, catalogue, baskets, orders, admin }
