// `request.js` signs as the demo client and sends to the gateway the environment names, writing the response's
// JSON alone to stdout, so that it pipes into jq.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../core/crypto/generateSigningJwk'
import { writeDemoClient } from '../demo/gatewayHome'

const script = fileURLToPath(new URL('./request.ts', import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const home = mkdtempSync(join(tmpdir(), 'rampart-request-'))
const received: IncomingMessage[] = []
const server = createServer((request, response) => {
  received.push(request)
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}')
})

beforeAll(async () => {
  const key = await generateSigningJwk('ES256K', 'demo-key')
  await writeDemoClient(home, { clientId: 'demo-client', privateJwk: key.privateJwk })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
})
afterAll(() => new Promise((closed) => server.close(closed)))

function run(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--conditions=@rampart/source', '--import', tsx, script, 'GET', '/v1/provider/wallets'],
      { env: { ...process.env, RAMPART_HOME: home, RAMPART_DEMO: 'off', ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    )
  })
}

describe('request.js', () => {
  it('sends to PORT, signs for that origin, and writes only JSON to stdout', async () => {
    const port = String((server.address() as AddressInfo).port)
    const { code, stdout, stderr } = await run({ PORT: port })
    expect(code, stderr).toBe(0)
    expect(JSON.parse(stdout)).toEqual({ data: [] })
    expect(stderr).toContain('200 OK')
    const request = received.at(-1)!
    expect(request.headers['x-client-id']).toBe('demo-client')
    const header = JSON.parse(
      Buffer.from(String(request.headers['detached-jws']).split('.')[0]!, 'base64url').toString(),
    )
    expect(header.uri).toBe(`http://127.0.0.1:${port}/v1/provider/wallets`)
  })
})
