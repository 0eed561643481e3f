#!/usr/bin/env node
// Sends one signed request as the demo client: node packages/gateway/dist/bin/request.js METHOD PATH [JSON BODY]
// through the demo connection (signing requests need one; RAMPART_CONNECTION_ID names another). The gateway is
// RAMPART_URL, else the host and port the gateway itself reads (RAMPART_HOST/HOST, RAMPART_PORT/PORT, then
// .rampart/gateway.json). The response's JSON goes to stdout alone, its status line to stderr, so it pipes into jq.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { signRequest } from '../auth/signRequest'
import { findDemoFile, gatewayHome, readDemoClient } from '../demo/gatewayHome'

/** The connection the demo provisions (fixtures/gateway/demo.json), unless RAMPART_CONNECTION_ID names one. */
async function connectionId(): Promise<string | undefined> {
  if (process.env.RAMPART_CONNECTION_ID) return process.env.RAMPART_CONNECTION_ID
  const demoFile = findDemoFile()
  if (!demoFile) return undefined
  const demo = JSON.parse(await readFile(demoFile, 'utf8').catch(() => '{}'))
  const id = demo?.connection?.connectionId
  return typeof id === 'string' ? id : undefined
}

async function main() {
  const [method = 'GET', path = '/v1/provider/wallets', body] = process.argv.slice(2)
  const home = gatewayHome()
  const client = await readDemoClient(home)
  if (!client) throw new Error(`No demo client key in ${home}: start the gateway with pnpm start first`)
  let origin = process.env.RAMPART_URL
  if (!origin) {
    const config = JSON.parse(await readFile(join(home, 'gateway.json'), 'utf8').catch(() => '{}'))
    const env = process.env
    const host = env.RAMPART_HOST || env.HOST || config.host || '127.0.0.1'
    const port = env.RAMPART_PORT || env.PORT || config.port || 3000
    origin =
      env.RAMPART_PORT || env.PORT
        ? `http://${host}:${port}`
        : (config.publicOrigin ?? `http://${host}:${port}`)
  }
  const url = `${origin}${path}`
  const detachedJws = await signRequest({
    method,
    url,
    privateJwk: client.privateJwk,
    ...(body === undefined ? {} : { body }),
  })
  const connection = await connectionId()
  const response = await fetch(url, {
    method,
    headers: {
      'x-client-id': client.clientId,
      ...(connection === undefined ? {} : { 'x-connection-id': connection }),
      'detached-jws': detachedJws,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  })
  const text = await response.text()
  process.stderr.write(`${response.status} ${response.statusText}\n`)
  try {
    process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`)
  } catch {
    process.stdout.write(`${text}\n`)
  }
  if (!response.ok) process.exitCode = 1
}

// A reader that closes early (head, a failing jq) is no error of this command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
})

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
})
