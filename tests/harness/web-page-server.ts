/**
 * TESTS ONLY — servers on this machine that are not the service, as a rep's base URL may meet
 * them: a website answering HTML, another server with no token endpoint, a TLS server whose
 * certificate cannot be verified. Here, on the Node side of the harness, so that the renderer's
 * tests reach the core only through window.api.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type RequestListener, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface WebPageServer {
  url: string
  close(): Promise<void>
}

async function listening(server: Server, scheme: 'http' | 'https', host: string, cleanup = () => {}): Promise<WebPageServer> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()))
  return {
    url: `${scheme}://${host}:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections()
      return new Promise<void>((ok) => server.close(() => ok(cleanup())))
    },
  }
}

/** Every request answered with an HTML page (a website, or a network's sign-in portal). */
export function startWebPageServer(): Promise<WebPageServer> {
  return listening(createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>')), 'http', '127.0.0.1')
}

/** Another JSON server: every request is a 404, so there is no token endpoint. */
export function startNotServiceServer(): Promise<WebPageServer> {
  const answer: RequestListener = (_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')
  return listening(createServer(answer), 'http', '127.0.0.1')
}

/** HTTPS with a self-signed certificate made now by openssl: one no client may accept. */
export function startSelfSignedServer(): Promise<WebPageServer> {
  const dir = mkdtempSync(join(tmpdir(), 'wd-tls-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' })
  const tls = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('{}'))
  return listening(tls, 'https', 'localhost', () => rmSync(dir, { recursive: true, force: true }))
}
