import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { JWK } from 'jose'
import type { GatewayConfigFile } from '../core/config/loadConfig'
import type { DemoClient } from './demoFile'

/** Where a locally started gateway keeps its state: `RAMPART_HOME`, or `.rampart/` in the working directory. */
export function gatewayHome(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.RAMPART_HOME ?? '.rampart')
}

async function writeSecretFile(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 })
  await chmod(path, 0o600)
}

/**
 * The config file of a local gateway, created on first start with fresh secrets (admin key, master key,
 * attestation key) and a PGlite data directory beside it. Returns the path and whether it was just created.
 */
export async function ensureConfigFile(home: string): Promise<{ path: string; created: boolean }> {
  const path = join(home, 'gateway.json')
  if (existsSync(path)) return { path, created: false }
  // Ed25519: an attestation is signed on every decision, and EdDSA signs in a tenth of ES256K's time.
  const { privateKey } = generateKeyPairSync('ed25519')
  const attestationKey = {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    alg: 'EdDSA',
    kid: 'gateway-attestation-1',
  }
  const file: GatewayConfigFile = {
    host: '127.0.0.1',
    port: 3000,
    dataDir: join(home, 'gateway-db'),
    adminApiKey: randomBytes(32).toString('base64url'),
    masterKey: randomBytes(32).toString('base64'),
    attestationKey,
  }
  await writeSecretFile(path, file)
  return { path, created: true }
}

export const demoClientPath = (home: string) => join(home, 'demo-client.json')

export async function readDemoClient(home: string): Promise<DemoClient | null> {
  try {
    return JSON.parse(await readFile(demoClientPath(home), 'utf8')) as DemoClient
  } catch {
    return null
  }
}

export const writeDemoClient = (home: string, client: DemoClient) =>
  writeSecretFile(demoClientPath(home), client)

/** The repository's demo description, when the gateway runs from a Rampart checkout. */
export function findDemoFile(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.RAMPART_DEMO === 'off') return null
  if (env.RAMPART_DEMO) return resolve(env.RAMPART_DEMO)
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'fixtures', 'gateway', 'demo.json')
    if (existsSync(candidate)) return candidate
    dir = dirname(dir)
  }
  return null
}
