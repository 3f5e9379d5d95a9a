/**
 * TESTS ONLY — a web server on 127.0.0.1 that answers every request with an HTML page: what a user
 * meets when a base URL points at a website instead of the API.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface WebPageServer {
  url: string
  close(): Promise<void>
}

export async function startWebPageServer(): Promise<WebPageServer> {
  const web = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'))
  await new Promise<void>((ok) => web.listen(0, '127.0.0.1', () => ok()))
  return {
    url: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
    close() {
      web.closeAllConnections()
      return new Promise<void>((ok) => web.close(() => ok()))
    },
  }
}
