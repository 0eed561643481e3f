import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { signRequest } from '../src/auth/signRequest'
import { redactedPaths } from '../src/core/logging/logRedaction'
import { startTestGateway, type TestClient, type TestGateway } from './support/testGateway'

/** A gateway listening on loopback whose JSON logs (info and up, redacted as in production) are kept in memory. */
export async function startLoggedGateway(): Promise<{
  gateway: TestGateway
  base: string
  logs: () => string
}> {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const gateway = await startTestGateway(
    {},
    { logger: { level: 'info', stream, redact: { paths: redactedPaths, censor: '[redacted]' } } },
  )
  const base = await gateway.app.listen({ host: '127.0.0.1', port: 0 })
  return { gateway, base, logs: () => lines.join('') }
}

/** The client's own finish endpoint: records what the browser brings back. */
export async function startFinishServer(): Promise<{
  uri: string
  received: URL[]
  close: () => Promise<void>
}> {
  const received: URL[] = []
  const server: Server = createServer((request, response) => {
    received.push(new URL(request.url ?? '/', 'http://127.0.0.1'))
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>Connected</title><h1>Connected</h1>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    uri: `http://127.0.0.1:${port}/gnap/finish`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A client as written outside the gateway: fetch, and every request signed with the client's key. */
export function httpClient(base: string, client: TestClient) {
  return async (
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) => {
    const text = options.body === undefined ? undefined : JSON.stringify(options.body)
    const url = `${base}${path}`
    const jws = await signRequest({
      method,
      url,
      privateJwk: client.key.privateJwk,
      ...(text === undefined ? {} : { body: text }),
      ...(options.token === undefined ? {} : { accessToken: options.token }),
    })
    const response = await fetch(url, {
      method,
      headers: {
        'x-client-id': client.clientId,
        'detached-jws': jws,
        ...(text === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token === undefined ? {} : { authorization: `GNAP ${options.token}` }),
        ...options.headers,
      },
      ...(text === undefined ? {} : { body: text }),
    })
    const raw = await response.text()
    return { status: response.status, body: raw === '' ? undefined : JSON.parse(raw) }
  }
}
