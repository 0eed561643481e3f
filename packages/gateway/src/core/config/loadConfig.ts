import { readFileSync } from 'node:fs'
import { defineErrors } from '@rampart/entities'
import type { JWK } from 'jose'
import { parseMasterKey } from '../crypto/envelope'
import { internalErrors } from '../errors/internalErrors'
import {
  defaultFollowConfig,
  type FollowConfig,
  type GatewayConfig,
  type LocalVaultStoreKind,
  type ReplayStoreKind,
} from './gatewayConfig'
import { type PriceConfigFile, parsePrices } from './parsePrices'
import { parseRpcUrls } from './parseRpcUrls'
import { parseTrustProxy } from './parseTrustProxy'

/** A setting the gateway cannot start with: `new ConfigError('CONFIG_INVALID', message, { setting })`. */
export class ConfigError extends defineErrors('ConfigError', internalErrors)<{ setting: string }>() {}

/** The config file's shape; every entry can also come from the environment, which wins. */
export type GatewayConfigFile = {
  host?: string
  port?: number
  databaseUrl?: string
  dataDir?: string
  adminApiKey?: string
  masterKey?: string
  attestationKey?: JWK
  publicOrigin?: string
  trustProxy?: boolean | string | string[]
  jwsMaxAgeSeconds?: number
  replayStore?: ReplayStoreKind
  localVaultStore?: LocalVaultStoreKind
  localRpcUrls?: Record<string, string>
  transitKeyTtlSeconds?: number
  interruptedAfterSeconds?: number
  /** How requests asynchronous custodians hold are followed (see FollowConfig); each key optional. */
  follow?: Partial<FollowConfig>
  logLevel?: string
  prices?: PriceConfigFile
}

/**
 * Environment variables (all optional when the config file has the value):
 * `RAMPART_CONFIG` (path of a JSON config file), `HOST`/`RAMPART_HOST`, `PORT`/`RAMPART_PORT`, `DATABASE_URL`
 * (PostgreSQL; PGlite otherwise), `RAMPART_DATA_DIR` (PGlite directory; in memory when unset),
 * `RAMPART_ADMIN_API_KEY`, `RAMPART_MASTER_KEY` (32 bytes, hex or base64), `RAMPART_ATTESTATION_KEY`
 * (private ES256K or Ed25519 JWK as JSON), `RAMPART_PUBLIC_ORIGIN`, `RAMPART_TRUST_PROXY` (`true`, or the proxies'
 * addresses and CIDR ranges, comma-separated; off when unset), `RAMPART_JWS_MAX_AGE_SECONDS`,
 * `RAMPART_REPLAY_STORE` (`memory` or `database`), `RAMPART_LOCAL_VAULT_STORE` (`database` or `file`; `database`
 * with PostgreSQL), `RAMPART_LOCAL_RPC_URLS` (`NETWORK=url`, comma-separated), `RAMPART_INTERRUPTED_AFTER_SECONDS`,
 * `LOG_LEVEL`, `RAMPART_PRICE_API_KEY` (the price API's key; the source itself is the file's `prices`, see
 * parsePrices).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, file?: GatewayConfigFile): GatewayConfig {
  const fromFile: GatewayConfigFile = file ?? readConfigFile(env.RAMPART_CONFIG)
  const text = (name: string, value: string | undefined, fallback?: string) => {
    const chosen = value ?? fallback
    if (chosen === undefined || chosen === '')
      throw new ConfigError('CONFIG_INVALID', `${name}: is required`, { setting: name })
    return chosen
  }
  const integer = (
    name: string,
    value: string | number | undefined,
    fallback: number,
    min: number,
    max: number,
  ) => {
    const parsed = value === undefined || value === '' ? fallback : Number(value)
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      throw new ConfigError('CONFIG_INVALID', `${name}: must be an integer from ${min} to ${max}`, {
        setting: name,
      })
    }
    return parsed
  }

  const adminApiKey = text('RAMPART_ADMIN_API_KEY', env.RAMPART_ADMIN_API_KEY, fromFile.adminApiKey)
  if (adminApiKey.length < 24)
    throw new ConfigError('CONFIG_INVALID', 'RAMPART_ADMIN_API_KEY: must be at least 24 characters', {
      setting: 'RAMPART_ADMIN_API_KEY',
    })
  let masterKey: GatewayConfig['masterKey']
  try {
    masterKey = parseMasterKey(text('RAMPART_MASTER_KEY', env.RAMPART_MASTER_KEY, fromFile.masterKey))
  } catch (error) {
    if (error instanceof ConfigError) throw error
    throw new ConfigError('CONFIG_INVALID', 'RAMPART_MASTER_KEY: must be 32 bytes, given as hex or base64', {
      setting: 'RAMPART_MASTER_KEY',
    })
  }
  let attestationKey: JWK
  try {
    attestationKey = env.RAMPART_ATTESTATION_KEY
      ? (JSON.parse(env.RAMPART_ATTESTATION_KEY) as JWK)
      : (fromFile.attestationKey as JWK)
  } catch {
    throw new ConfigError('CONFIG_INVALID', 'RAMPART_ATTESTATION_KEY: must be a private JWK as JSON', {
      setting: 'RAMPART_ATTESTATION_KEY',
    })
  }
  const secp256k1Key = attestationKey?.kty === 'EC' && attestationKey.crv === 'secp256k1'
  const ed25519Key = attestationKey?.kty === 'OKP' && attestationKey.crv === 'Ed25519'
  if (!(secp256k1Key || ed25519Key) || !attestationKey.d) {
    throw new ConfigError(
      'CONFIG_INVALID',
      'RAMPART_ATTESTATION_KEY: must be a private secp256k1 JWK (kty EC, crv secp256k1, d) or Ed25519 JWK (kty OKP, crv Ed25519, d)',
      { setting: 'RAMPART_ATTESTATION_KEY' },
    )
  }
  const replayStore = env.RAMPART_REPLAY_STORE || fromFile.replayStore
  if (replayStore !== undefined && replayStore !== 'memory' && replayStore !== 'database') {
    throw new ConfigError('CONFIG_INVALID', 'RAMPART_REPLAY_STORE: must be memory or database', {
      setting: 'RAMPART_REPLAY_STORE',
    })
  }

  const databaseUrl = env.DATABASE_URL || fromFile.databaseUrl
  const localVaultStore = env.RAMPART_LOCAL_VAULT_STORE || fromFile.localVaultStore
  if (localVaultStore !== undefined && localVaultStore !== 'database' && localVaultStore !== 'file') {
    throw new ConfigError('CONFIG_INVALID', 'RAMPART_LOCAL_VAULT_STORE: must be database or file', {
      setting: 'RAMPART_LOCAL_VAULT_STORE',
    })
  }
  const localRpcUrls = parseRpcUrls(env.RAMPART_LOCAL_RPC_URLS || fromFile.localRpcUrls)
  // Network ids are upper case: a list has no `invalid` key.
  if ('invalid' in localRpcUrls) {
    throw new ConfigError(
      'CONFIG_INVALID',
      `RAMPART_LOCAL_RPC_URLS: must be NETWORK=url pairs separated by commas (${localRpcUrls.invalid} is not)`,
      { setting: 'RAMPART_LOCAL_RPC_URLS' },
    )
  }
  const dataDir = env.RAMPART_DATA_DIR || fromFile.dataDir
  const publicOrigin = env.RAMPART_PUBLIC_ORIGIN || fromFile.publicOrigin
  if (publicOrigin !== undefined) {
    try {
      if (new URL(publicOrigin).origin !== publicOrigin) throw new Error()
    } catch {
      throw new ConfigError(
        'CONFIG_INVALID',
        'RAMPART_PUBLIC_ORIGIN: must be an origin such as https://gateway.example.com',
        { setting: 'RAMPART_PUBLIC_ORIGIN' },
      )
    }
  }
  const trustProxy = parseTrustProxy(env.RAMPART_TRUST_PROXY || fromFile.trustProxy)
  if (trustProxy !== undefined && !Array.isArray(trustProxy) && trustProxy !== true) {
    throw new ConfigError(
      'CONFIG_INVALID',
      `RAMPART_TRUST_PROXY: must be true, false, or proxy addresses and CIDR ranges separated by commas (not "${trustProxy.invalid}")`,
      { setting: 'RAMPART_TRUST_PROXY' },
    )
  }
  return {
    host: env.RAMPART_HOST || env.HOST || fromFile.host || '127.0.0.1',
    port: integer('PORT', env.RAMPART_PORT || env.PORT || fromFile.port, 3000, 0, 65535),
    database: databaseUrl ? { url: databaseUrl } : dataDir ? { dataDir } : {},
    adminApiKey,
    masterKey,
    attestationKey,
    ...(publicOrigin ? { publicOrigin } : {}),
    ...(trustProxy ? { trustProxy } : {}),
    jwsMaxAgeSeconds: integer(
      'RAMPART_JWS_MAX_AGE_SECONDS',
      env.RAMPART_JWS_MAX_AGE_SECONDS || fromFile.jwsMaxAgeSeconds,
      60,
      1,
      3600,
    ),
    ...(replayStore ? { replayStore } : {}),
    // Several gateways on one PostgreSQL database must share the vaults: the file store is one machine's.
    localVaultStore: localVaultStore ?? (databaseUrl ? 'database' : 'file'),
    ...(Object.keys(localRpcUrls).length > 0 ? { localRpcUrls } : {}),
    transitKeyTtlSeconds: integer('transitKeyTtlSeconds', fromFile.transitKeyTtlSeconds, 3600, 60, 86_400),
    interruptedAfterSeconds: integer(
      'RAMPART_INTERRUPTED_AFTER_SECONDS',
      env.RAMPART_INTERRUPTED_AFTER_SECONDS || fromFile.interruptedAfterSeconds,
      600,
      0,
      86_400,
    ),
    follow: {
      // 0 follows nothing on this gateway (others on the database do).
      intervalMs: integer(
        'RAMPART_FOLLOW_INTERVAL_MS',
        env.RAMPART_FOLLOW_INTERVAL_MS || fromFile.follow?.intervalMs,
        defaultFollowConfig.intervalMs,
        0,
        3_600_000,
      ),
      firstDelayMs: integer(
        'follow.firstDelayMs',
        fromFile.follow?.firstDelayMs,
        defaultFollowConfig.firstDelayMs,
        100,
        3_600_000,
      ),
      maxDelayMs: integer(
        'follow.maxDelayMs',
        fromFile.follow?.maxDelayMs,
        defaultFollowConfig.maxDelayMs,
        100,
        86_400_000,
      ),
      sendingGraceMs: integer(
        'follow.sendingGraceMs',
        fromFile.follow?.sendingGraceMs,
        defaultFollowConfig.sendingGraceMs,
        1000,
        86_400_000,
      ),
      maxFollowHours: integer(
        'follow.maxFollowHours',
        fromFile.follow?.maxFollowHours,
        defaultFollowConfig.maxFollowHours,
        1,
        8760,
      ),
    },
    logLevel: env.LOG_LEVEL || fromFile.logLevel || 'info',
    prices: parsePrices(
      fromFile.prices,
      env,
      (setting, message) => new ConfigError('CONFIG_INVALID', `${setting}: ${message}`, { setting }),
    ),
  }
}

function readConfigFile(path: string | undefined): GatewayConfigFile {
  if (!path) return {}
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    throw new ConfigError('CONFIG_INVALID', `RAMPART_CONFIG: cannot read ${path}`, {
      setting: 'RAMPART_CONFIG',
    })
  }
  try {
    const parsed = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed
  } catch {}
  throw new ConfigError('CONFIG_INVALID', `RAMPART_CONFIG: ${path} is not a JSON object`, {
    setting: 'RAMPART_CONFIG',
  })
}
