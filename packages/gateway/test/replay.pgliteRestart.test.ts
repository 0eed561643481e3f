import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { signRequest } from '../src/auth/signRequest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { type GatewayProcess, sharedGatewaySecrets, startGatewayProcess } from './support/gatewayProcess'

// A gateway on PGlite on disk (`RAMPART_DATA_DIR`), as `pnpm start` runs one, killed with SIGKILL right after it
// accepted a signed request, then started again on the same directory: the same signed request, sent again within
// its window, is refused. The accepted signatures are kept in memory and in a journal in the data directory
// (src/auth/journalReplayStore.ts), written before each request goes on. Skipped on PostgreSQL (DATABASE_URL),
// where the table of seen signatures does it (auth.test.ts).
const origin = 'http://rampart.test'
const home = mkdtempSync(join(tmpdir(), 'rampart-pglite-restart-'))
const running: GatewayProcess[] = []

afterAll(async () => {
  await Promise.all(running.map((gateway) => gateway.stop('SIGKILL')))
  rmSync(home, { recursive: true, force: true })
})

describe.skipIf(process.env.DATABASE_URL !== undefined)('replays across a crash, on PGlite on disk', () => {
  it('refuses after SIGKILL and a restart a signed request accepted just before', {
    timeout: 180_000,
  }, async () => {
    const env: Record<string, string> = {
      ...(await sharedGatewaySecrets()),
      RAMPART_DATA_DIR: join(home, 'data'),
      RAMPART_HOME: home,
      RAMPART_LOCAL_VAULT_DIR: join(home, 'vaults'),
      RAMPART_PUBLIC_ORIGIN: origin,
    }
    const start = async () => {
      const gateway = await startGatewayProcess(env)
      running.push(gateway)
      return gateway
    }
    const first = await start()
    const key = await generateSigningJwk('EdDSA', 'restart-key')
    const clientId = `client-${randomUUID().slice(0, 8)}`
    const registered = await fetch(`${first.url}/v1/admin/clients`, {
      method: 'POST',
      headers: { 'x-api-key': env.RAMPART_ADMIN_API_KEY!, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, name: 'Restart', publicKeys: [key.publicJwk] }),
    })
    expect(registered.status).toBe(201)
    const path = '/v1/provider/networks?limit=1'
    const headers = {
      'x-client-id': clientId,
      'detached-jws': await signRequest({
        method: 'GET',
        url: `${origin}${path}`,
        privateJwk: key.privateJwk,
      }),
    }
    const get = (gateway: GatewayProcess) => fetch(`${gateway.url}${path}`, { headers })
    expect((await get(first)).status).toBe(200)
    await first.stop('SIGKILL')
    expect(readFileSync(join(env.RAMPART_DATA_DIR!, 'rampart-seen-signatures.current'), 'utf8')).toContain(
      clientId,
    )

    const second = await start()
    const replayed = await get(second)
    expect(replayed.status).toBe(401)
    expect(((await replayed.json()) as { code: string }).code).toBe('JWS_REPLAYED')
    await second.stop()
  })
})
