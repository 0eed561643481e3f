import { describe, expect, it } from 'vitest'
import { loadConfig } from './loadConfig'

const attestationKey = {
  kty: 'EC',
  crv: 'secp256k1',
  x: 'ZqFb3Cv3iSc1s4fL9bN2dA3X0uQk1lq7eHq7rjSxgM8',
  y: 'dM6c6hQyV8B7qJ3R8m5Fz0xW9pQ2nT1kL4sY6vA3bE0',
  d: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I',
}
const base = {
  RAMPART_ADMIN_API_KEY: 'an-admin-key-that-is-long-enough',
  RAMPART_MASTER_KEY: '11'.repeat(32),
  RAMPART_ATTESTATION_KEY: JSON.stringify(attestationKey),
}

describe('loadConfig', () => {
  it('reads the environment, with defaults', () => {
    const config = loadConfig(base, {})
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      database: {},
      jwsMaxAgeSeconds: 60,
      interruptedAfterSeconds: 600,
    })
    expect(loadConfig({ ...base, RAMPART_INTERRUPTED_AFTER_SECONDS: '0' }, {}).interruptedAfterSeconds).toBe(
      0,
    )
    expect(config.masterKey.key).toHaveLength(32)
    expect(config.follow).toEqual({
      intervalMs: 2000,
      firstDelayMs: 2000,
      maxDelayMs: 60_000,
      sendingGraceMs: 180_000,
      maxFollowHours: 72,
    })
    expect(loadConfig({ ...base, RAMPART_FOLLOW_INTERVAL_MS: '0' }, {}).follow?.intervalMs).toBe(0)
  })

  it('uses PostgreSQL when DATABASE_URL is set, PGlite on disk with a data dir', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }, {}).database).toEqual({
      url: 'postgres://u:p@127.0.0.1/db',
    })
    expect(loadConfig({ ...base, RAMPART_DATA_DIR: '/tmp/x' }, {}).database).toEqual({ dataDir: '/tmp/x' })
  })

  it('reads the replay store, and accepts an Ed25519 attestation key', () => {
    expect(loadConfig(base, {}).replayStore).toBeUndefined()
    expect(loadConfig({ ...base, RAMPART_REPLAY_STORE: 'database' }, {}).replayStore).toBe('database')
    expect(loadConfig(base, { replayStore: 'memory' }).replayStore).toBe('memory')
    const ed25519 = { kty: 'OKP', crv: 'Ed25519', x: 'x'.repeat(43), d: 'd'.repeat(43) }
    expect(
      loadConfig({ ...base, RAMPART_ATTESTATION_KEY: JSON.stringify(ed25519) }, {}).attestationKey,
    ).toEqual(ed25519)
  })

  it('keeps the local provider vaults in the database with PostgreSQL, in files otherwise, unless told', () => {
    const postgres = { ...base, DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }
    expect(loadConfig(postgres, {}).localVaultStore).toBe('database')
    expect(loadConfig(base, {}).localVaultStore).toBe('file')
    expect(loadConfig({ ...postgres, RAMPART_LOCAL_VAULT_STORE: 'file' }, {}).localVaultStore).toBe('file')
    expect(loadConfig(base, { localVaultStore: 'database' }).localVaultStore).toBe('database')
  })

  it('reads the local provider RPC endpoints from NETWORK=url pairs, or an object in the file', () => {
    expect(loadConfig(base, {}).localRpcUrls).toBeUndefined()
    expect(
      loadConfig(
        { ...base, RAMPART_LOCAL_RPC_URLS: 'ETHEREUM=http://127.0.0.1:8545, POLYGON=https://p.example' },
        {},
      ).localRpcUrls,
    ).toEqual({ ETHEREUM: 'http://127.0.0.1:8545', POLYGON: 'https://p.example' })
    expect(loadConfig(base, { localRpcUrls: { BASE: 'https://b.example' } }).localRpcUrls).toEqual({
      BASE: 'https://b.example',
    })
  })

  it('trusts no proxy by default, and the proxies named by RAMPART_TRUST_PROXY or trustProxy', () => {
    expect(loadConfig(base, {}).trustProxy).toBeUndefined()
    expect(loadConfig({ ...base, RAMPART_TRUST_PROXY: 'false' }, {}).trustProxy).toBeUndefined()
    expect(loadConfig({ ...base, RAMPART_TRUST_PROXY: '10.0.0.0/8,loopback' }, {}).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
    ])
    expect(loadConfig(base, { trustProxy: true }).trustProxy).toBe(true)
  })

  it('lets the environment override the file', () => {
    const config = loadConfig({ ...base, PORT: '4000' }, { port: 5000, host: '0.0.0.0' })
    expect(config.port).toBe(4000)
    expect(config.host).toBe('0.0.0.0')
  })

  it.each([
    [{ ...base, RAMPART_ADMIN_API_KEY: undefined }, 'RAMPART_ADMIN_API_KEY: is required'],
    [{ ...base, RAMPART_ADMIN_API_KEY: 'short' }, 'at least 24'],
    [{ ...base, RAMPART_MASTER_KEY: 'abcd' }, 'RAMPART_MASTER_KEY'],
    [{ ...base, RAMPART_ATTESTATION_KEY: '{"kty":"EC","crv":"P-256"}' }, 'secp256k1'],
    [{ ...base, RAMPART_ATTESTATION_KEY: 'not json' }, 'private JWK as JSON'],
    [{ ...base, PORT: '70000' }, 'PORT'],
    [{ ...base, RAMPART_REPLAY_STORE: 'redis' }, 'RAMPART_REPLAY_STORE: must be memory or database'],
    [{ ...base, RAMPART_LOCAL_VAULT_STORE: 'disk' }, 'RAMPART_LOCAL_VAULT_STORE: must be database or file'],
    [
      { ...base, RAMPART_LOCAL_RPC_URLS: 'http://127.0.0.1:8545' },
      'RAMPART_LOCAL_RPC_URLS: must be NETWORK=url',
    ],
    [{ ...base, RAMPART_LOCAL_RPC_URLS: 'ETHEREUM=http://a.example,POLYGON=' }, '(entry 2 is not)'],
    [{ ...base, RAMPART_INTERRUPTED_AFTER_SECONDS: '-5' }, 'RAMPART_INTERRUPTED_AFTER_SECONDS'],
    [{ ...base, RAMPART_FOLLOW_INTERVAL_MS: 'soon' }, 'RAMPART_FOLLOW_INTERVAL_MS: must be an integer'],
    [{ ...base, RAMPART_PUBLIC_ORIGIN: 'https://x.example.com/path' }, 'RAMPART_PUBLIC_ORIGIN'],
    [{ ...base, RAMPART_TRUST_PROXY: '2' }, 'RAMPART_TRUST_PROXY: must be true, false, or proxy addresses'],
  ])('refuses a bad setting with a clear error (%#)', (env, message) => {
    expect(() => loadConfig(env, {})).toThrow(message)
  })
})
