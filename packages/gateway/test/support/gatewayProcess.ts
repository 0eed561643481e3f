import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { CompactEncrypt, importJWK, type JWK } from 'jose'
import pg from 'pg'
import { signRequest } from '../../src/auth/signRequest'
import { generateSigningJwk } from '../../src/core/crypto/generateSigningJwk'

const startScript = fileURLToPath(new URL('../../src/bin/start.ts', import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** A gateway started as `pnpm start` starts it (`bin/start.ts`), in a process of its own. */
export type GatewayProcess = {
  /** Where it listens, e.g. `http://127.0.0.1:40123`. */
  url: string
  child: ChildProcess
  /** Everything it wrote to stderr, for a failing test's message. */
  stderr: () => string
  /** Ends it with SIGTERM (or the signal given) and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>
}

/** Starts `bin/start.ts` with the environment given (besides PORT=0 and no demo) and waits until it listens. */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--conditions=@rampart/source', '--import', tsx, startScript], {
    env: { ...process.env, PORT: '0', RAMPART_DEMO: 'off', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      const listening = /listening on (http:\/\/\S+)/.exec(line)
      if (listening) resolve(listening[1]!)
    })
    child.once('exit', (code) =>
      reject(new Error(`The gateway exited (${code}) before listening: ${stderr}`)),
    )
  })
  return {
    url,
    child,
    stderr: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}

/** A fresh PostgreSQL database on the server of `url`, and how to drop it. */
export async function createScratchDatabase(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rampart_gateways_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const databaseUrl = new URL(url)
  databaseUrl.pathname = `/${name}`
  return {
    url: databaseUrl.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** The secrets every gateway of one deployment shares, as environment variables. */
export async function sharedGatewaySecrets(): Promise<Record<string, string>> {
  const attestation = await generateSigningJwk('EdDSA', 'attestation')
  return {
    RAMPART_ADMIN_API_KEY: randomBytes(24).toString('base64url'),
    RAMPART_MASTER_KEY: randomBytes(32).toString('base64'),
    RAMPART_ATTESTATION_KEY: JSON.stringify(attestation.privateJwk),
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads answers of many shapes, each as it expects it.
export type HttpAnswer = { status: number; body: any }

/**
 * A client of gateways behind one public origin (a load balancer's): it signs each request for `origin` and sends it
 * to the gateway it names, as the balancer would.
 */
export function gatewayClient(origin: string, clientId: string, privateJwk: JWK) {
  const send = async (
    gateway: GatewayProcess,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer> => {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const jws = await signRequest({
      method,
      url: `${origin}${path}`,
      privateJwk,
      jti: randomUUID(),
      ...(text === undefined ? {} : { body: text }),
    })
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers: {
        'x-client-id': clientId,
        'detached-jws': jws,
        ...(text === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(text === undefined ? {} : { body: text }),
    })
    const raw = await response.text()
    return { status: response.status, body: raw === '' ? undefined : JSON.parse(raw) }
  }

  /** Creates a local-provider connection holding `credentials`, through `gateway`; returns its id. */
  const connect = async (gateway: GatewayProcess, credentials: Record<string, string>): Promise<string> => {
    const transit = await send(gateway, 'POST', '/v1/vault/encryption-keys')
    if (transit.status !== 201) throw new Error(`Transit key: ${JSON.stringify(transit.body)}`)
    const { publicKey } = transit.body
    const key = await importJWK({ ...publicKey, alg: 'RSA-OAEP-256' }, 'RSA-OAEP-256')
    const encryptedCredentials = await new CompactEncrypt(
      new TextEncoder().encode(JSON.stringify(credentials)),
    )
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: publicKey.kid })
      .encrypt(key)
    const created = await send(gateway, 'POST', '/v1/provider/connections', {
      provider: 'local',
      label: 'Shared by the gateways',
      encryptedCredentials,
    })
    if (created.status !== 201) throw new Error(`Connection: ${JSON.stringify(created.body)}`)
    return created.body.data.connectionId
  }

  return { send, connect }
}
