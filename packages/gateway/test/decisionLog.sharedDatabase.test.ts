import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { attestationPublicKey, type DecisionLogEntry, verifyLogChain } from '@rampart/evaluator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { type FakeEthereumNode, startFakeEthereumNode } from './support/fakeEthereumNode'
import {
  createScratchDatabase,
  type GatewayProcess,
  gatewayClient,
  sharedGatewaySecrets,
  startGatewayProcess,
} from './support/gatewayProcess'
import { ONE_ETH, organization, policy, testMnemonic } from './support/signingClient'

// Two `bin/start.ts` processes on one PostgreSQL database appending to one client's decision log at once: the chain
// must stay one (no two entries with one seq, each entry naming the one before). CI runs this with DATABASE_URL set.
const serverUrl = process.env.DATABASE_URL
const origin = 'http://rampart.test'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const forbidden = '0x000000000000000000000000000000000000dEaD'

describe.runIf(serverUrl)(
  "two gateway processes on one PostgreSQL database append to one client's log",
  () => {
    let database: { url: string; drop: () => Promise<void> }
    let node: FakeEthereumNode
    let env: Record<string, string>
    const gateways: GatewayProcess[] = []

    beforeAll(async () => {
      database = await createScratchDatabase(serverUrl!)
      node = await startFakeEthereumNode({
        chainId: 1,
        nonce: 0,
        gasPrice: 10n ** 9n,
        baseFeePerGas: 10n ** 10n,
      })
      env = { ...(await sharedGatewaySecrets()), DATABASE_URL: database.url, RAMPART_PUBLIC_ORIGIN: origin }
      const start = () =>
        startGatewayProcess({
          ...env,
          RAMPART_LOCAL_RPC_URLS: `ETHEREUM=${node.url}`,
          RAMPART_HOME: mkdtempSync(join(tmpdir(), 'rampart-gateway-')),
          RAMPART_LOCAL_VAULT_DIR: mkdtempSync(join(tmpdir(), 'rampart-vaults-')),
        })
      gateways.push(...(await Promise.all([start(), start()])))
    }, 60_000)

    afterAll(async () => {
      await Promise.all(gateways.map((gateway) => gateway.stop('SIGKILL')))
      await database?.drop()
      await node?.close()
    })

    it('keeps one chain, every entry chained and attested, whichever gateway decided', async () => {
      const [a, b] = gateways as [GatewayProcess, GatewayProcess]
      const requester = await generateSigningJwk('ES256K', 'alice-key')
      const { requesterKid: _kid, ...entities } = await organization('alice-key', {})
      entities.credentials.unshift({ id: 'alice-key', userId: 'alice', key: requester.publicJwk })
      const clientId = `client-${Math.random().toString(36).slice(2, 10)}`
      const policies = [
        policy('forbid-dead', 'forbid', [{ criterion: 'checkDestinationAddress', args: [forbidden] }]),
        policy('permit-small', 'permit', [
          { criterion: 'checkAction', args: ['signTransaction'] },
          { criterion: 'checkIntentAmount', args: { operator: 'lte', value: ONE_ETH } },
        ]),
      ]
      const adminHeaders = { 'x-api-key': env.RAMPART_ADMIN_API_KEY!, 'content-type': 'application/json' }
      const registered = await fetch(`${a.url}/v1/admin/clients`, {
        method: 'POST',
        headers: adminHeaders,
        body: JSON.stringify({
          clientId,
          name: clientId,
          publicKeys: [requester.publicJwk],
          entities,
          policies,
        }),
      })
      expect(registered.status, await registered.text()).toBe(201)
      const client = gatewayClient(origin, clientId, requester.privateJwk)
      const connectionId = await client.connect(b, {
        passphrase: 'correct horse battery staple, shared log',
        mnemonic: testMnemonic,
      })
      const accounts = await client.send(a, 'GET', '/v1/provider/accounts?limit=100', undefined, {
        'x-connection-id': connectionId,
      })
      const account = accounts.body.data.find((row: { networkId: string }) => row.networkId === 'ETHEREUM')

      // 30 creates at once, split across the two gateways, one in three forbidden (decided without the provider).
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          client.send(
            i % 2 ? a : b,
            'POST',
            '/v1/provider/evm/send-transaction',
            {
              transactionRequest: { chainId: 1, to: i % 3 ? recipient : forbidden, value: '1000' },
              source: { type: 'account', id: account.accountId },
              idempotenceId: `log-${i}`,
            },
            { 'x-connection-id': connectionId },
          ),
        ),
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([
        ...Array(20).fill(201),
        ...Array(10).fill(403),
      ])

      const exports = await Promise.all(
        [a, b].map((gateway) =>
          fetch(`${gateway.url}/v1/admin/clients/${clientId}/log`, { headers: adminHeaders }).then((r) =>
            r.text(),
          ),
        ),
      )
      // Both gateways export the same chain: two change entries at registration, then the 30 decisions.
      expect(exports[1]).toBe(exports[0])
      const { d: _private, ...publicJwk } = JSON.parse(env.RAMPART_ATTESTATION_KEY!)
      const verified = verifyLogChain(exports[0]!, { attestationKey: attestationPublicKey(publicJwk) })
      expect(verified.broken).toBeUndefined()
      expect(verified).toMatchObject({ entries: 32, firstSeq: 1, lastSeq: 32 })
      const entries = exports[0]!
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as DecisionLogEntry)
      const decisions = entries.filter((entry) => entry.kind === 'decision')
      expect(decisions.map((entry) => entry.decided!.decision.decision).sort()).toEqual([
        ...Array(10).fill('Forbid'),
        ...Array(20).fill('Permit'),
      ])
    }, 90_000)
  },
)
