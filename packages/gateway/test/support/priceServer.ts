import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the loopback price server answers the next requests. */
export type PriceServerMode =
  | { kind: 'prices'; body: string }
  | { kind: 'status'; status: number }
  /** Holds the request past any client timeout. */
  | { kind: 'hang' }

/**
 * A CoinGecko-compatible `/simple/price` server on loopback: it answers as `mode` says and records each request's
 * URL. Closing it makes the next call meet a refused connection.
 */
export async function startPriceServer() {
  const requests: URL[] = []
  let mode: PriceServerMode = { kind: 'prices', body: '{}' }
  const held: IncomingMessage[] = []
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push(url)
    if (url.pathname !== '/api/v3/simple/price') {
      response.writeHead(404).end()
      return
    }
    if (mode.kind === 'hang') {
      held.push(request)
      return
    }
    if (mode.kind === 'status') {
      response.writeHead(mode.status, { 'content-type': 'application/json' }).end('{"error":"down"}')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(mode.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/v3`,
    requests,
    answer(next: PriceServerMode) {
      mode = next
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type PriceServer = Awaited<ReturnType<typeof startPriceServer>>
