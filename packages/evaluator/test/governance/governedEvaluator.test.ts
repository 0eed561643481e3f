import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  createGovernedEvaluator,
  GovernanceError,
  type Policy,
  type PolicySetContent,
  verifyAttestation,
} from '../../src'
import { BINANCE, NORA, usdcTransfer } from '../northwind'
import { policy } from '../policy'
import { content, LUCAS, PRIYA, version } from './governedOrganization'

const NOON = Date.parse('2025-03-14T12:00:00Z') / 1000
const transfer = usdcTransfer({ principal: NORA, to: BINANCE, amount: 1_000_000_000n, now: NOON })
const { privateKey, publicKey } = generateKeyPairSync('ed25519')

describe('a governed evaluator decides only with quorum-signed sets', () => {
  it('loads a verified set, applies a verified change, names the set in attestations, and refuses the rest', async () => {
    const first = version(content(), undefined, [PRIYA, LUCAS])
    const evaluator = await createGovernedEvaluator({
      policySet: first,
      after: 'bootstrap',
      attestationKey: { alg: 'EdDSA', privateKey },
    })
    expect(evaluator.evaluate(transfer).decision).toBe('Permit')
    expect('update' in evaluator || 'updateEntities' in evaluator).toBe(false)

    const attested = await evaluator.evaluateAndAttest(transfer)
    const payload = await verifyAttestation(attested.attestation as string, publicKey, transfer)
    expect(payload.policySet).toEqual({
      setId: 'northwind',
      version: 1,
      contentHash: first.contentHash,
      entitiesHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    })

    // A forbid for every ERC-20 transfer first: unsigned, then signed by one admin, then by the quorum.
    const forbid = policy('forbid-erc20', 'forbid', [
      { criterion: 'checkIntentType', args: ['erc20Transfer'] },
    ])
    const stricter = content({
      policies: [forbid, ...(first.content.policies as Policy[])] as unknown as PolicySetContent['policies'],
    })
    for (const approvers of [[], [PRIYA]]) {
      await expect(evaluator.apply(version(stricter, first, approvers))).rejects.toBeInstanceOf(
        GovernanceError,
      )
      expect(evaluator.evaluate(transfer).decision).toBe('Permit')
      expect(evaluator.policySet.version).toBe(1)
    }
    const second = version(stricter, first, [PRIYA, LUCAS])
    await evaluator.apply(second)
    expect(evaluator.evaluate(transfer)).toMatchObject({ decision: 'Forbid', decidingPolicy: 'forbid-erc20' })
    expect(evaluator.reference).toMatchObject({ version: 2, contentHash: second.contentHash })

    // Entities change incrementally too: Nora leaves the organization in version 3.
    const entities = structuredClone(stricter.entities) as Record<string, { userId?: string; id?: string }[]>
    for (const name of ['userGroupMembers', 'userAccounts', 'credentials'])
      entities[name] = (entities[name] ?? []).filter((item) => item.userId !== NORA)
    entities.users = (entities.users ?? []).filter((user) => user.id !== NORA)
    const third = version({ ...content(), entities }, second, [PRIYA, LUCAS])
    await evaluator.apply(third)
    expect(evaluator.entities.user(NORA)).toBeUndefined()
    expect(evaluator.evaluate(transfer).decision).toBe('Forbid')

    // Rollback: version 1's content again, as version 4, approved again.
    await evaluator.apply(version(first.content, third, [PRIYA, LUCAS]))
    expect(evaluator.evaluate(transfer).decision).toBe('Permit')
    expect(evaluator.entities.user(NORA)).toBeDefined()
    expect(evaluator.reference.contentHash).toBe(first.contentHash)
  })

  it('refuses to start from a set that does not verify', async () => {
    const unsigned = version(content(), undefined, [PRIYA])
    await expect(createGovernedEvaluator({ policySet: unsigned, after: 'bootstrap' })).rejects.toMatchObject({
      code: 'POLICY_SET_QUORUM_NOT_MET',
    })
  })
})
