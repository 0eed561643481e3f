#!/usr/bin/env node
// Sends one signed request as the demo client: node packages/gateway/dist/bin/request.js METHOD PATH [JSON BODY]
// through the demo connection (signing requests need one; RAMPART_CONNECTION_ID names another).
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
    origin = config.publicOrigin ?? `http://${config.host ?? '127.0.0.1'}:${config.port ?? 3000}`
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
  process.stdout.write(`${response.status} ${response.statusText}\n`)
  try {
    process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`)
  } catch {
    process.stdout.write(`${text}\n`)
  }
  if (!response.ok) process.exitCode = 1
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
})
