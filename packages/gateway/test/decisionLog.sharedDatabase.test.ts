import { attestationPublicKey, type DecisionLogEntry, verifyLogChain } from '@rampart/evaluator'
import { describe, expect, it } from 'vitest'
import { useSharedDeployment } from './support/sharedDeployment'
import { ONE_ETH, policy } from './support/signingClient'

// Two `bin/start.ts` processes on one PostgreSQL database appending to one client's decision log at once: the chain
// must stay one (no two entries with one seq, each entry naming the one before). CI runs this with DATABASE_URL set.
const serverUrl = process.env.DATABASE_URL
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const forbidden = '0x000000000000000000000000000000000000dEaD'

describe.runIf(serverUrl)(
  "two gateway processes on one PostgreSQL database append to one client's log",
  () => {
    const started = useSharedDeployment(serverUrl)

    it('keeps one chain, every entry chained and attested, whichever gateway decided', async () => {
      const { deployment, a, b } = started
      const { env } = deployment
      const adminHeaders = { 'x-api-key': env.RAMPART_ADMIN_API_KEY! }
      const { client, clientId, connectionId, account } = await deployment.register(a, b, [
        policy('forbid-dead', 'forbid', [{ criterion: 'checkDestinationAddress', args: [forbidden] }]),
        policy('permit-small', 'permit', [
          { criterion: 'checkAction', args: ['signTransaction'] },
          { criterion: 'checkIntentAmount', args: { operator: 'lte', value: ONE_ETH } },
        ]),
      ])

      // 30 creates at once, split across the two gateways, one in three forbidden (decided without the provider).
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          client.send(
            i % 2 ? a : b,
            'POST',
            '/v1/provider/evm/send-transaction',
            {
              transactionRequest: { chainId: 1, to: i % 3 ? recipient : forbidden, value: '1000' },
              source: { type: 'account', id: account },
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
