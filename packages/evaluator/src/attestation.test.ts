import { createHash, generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BINANCE, entities, NORA, policies, usdcTransfer } from '../test/northwind'
import { hashRequest, verifyAttestation } from './attestation'
import { canonicalJson } from './canonicalJson'
import { createEvaluator } from './createEvaluator'

const request = usdcTransfer({ principal: NORA, to: BINANCE, amount: 5_000_000n, now: 1_741_953_600 })

describe('attestation', () => {
  for (const [alg, type, options] of [
    ['EdDSA', 'ed25519', {}],
    ['ES256', 'ec', { namedCurve: 'P-256' }],
  ] as const) {
    it(`signs the decision and the request hash with ${alg}, verifiable with jose`, async () => {
      const { privateKey, publicKey } = generateKeyPairSync(type as 'ed25519', options)
      const evaluator = await createEvaluator({
        entities,
        policies,
        attestationKey: { alg, privateKey, kid: 'evaluator-1' },
      })
      const decision = await evaluator.evaluateAndAttest(request)
      expect(decision.decision).toBe('Permit')
      const payload = await verifyAttestation(decision.attestation!, publicKey, request)
      const { attestation: _, ...signed } = decision
      expect(payload.decision).toEqual(signed)
      expect(payload.requestHash).toBe(hashRequest(request))
      await expect(
        verifyAttestation(decision.attestation!, publicKey, { ...request, principal: 'someone-else' }),
      ).rejects.toThrow(/another request/)
      const other = generateKeyPairSync(type as 'ed25519', options).publicKey
      await expect(verifyAttestation(decision.attestation!, other, request)).rejects.toThrow()
    })
  }

  it('hashes the canonical request: key order does not change the hash', () => {
    const reordered = JSON.parse(canonicalJson(request))
    expect(hashRequest(reordered)).toBe(hashRequest(request))
    expect(hashRequest({ ...request, now: 1 })).not.toBe(hashRequest(request))
  })

  it('is the hex SHA-256 of the canonical JSON', () => {
    const expected = createHash('sha256').update(canonicalJson(request), 'utf8').digest('hex')
    expect(hashRequest(request)).toBe(expected)
    expect(hashRequest({ note: 'é😀' })).toBe(createHash('sha256').update('{"note":"é😀"}').digest('hex'))
  })

  it('returns the decision without attestation when no key is configured', async () => {
    const evaluator = await createEvaluator({ entities, policies })
    expect((await evaluator.evaluateAndAttest(request)).attestation).toBeUndefined()
  })
})
