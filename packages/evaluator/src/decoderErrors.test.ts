// No policy permits what the decoder could not read: every decoder error, from a real request where one exists,
// at the top of an intent and nested in a batch, is refused with DECODING_FAILED by a policy set that permits
// everything else.
import { decodeRequest, decoderErrorCodes } from '@rampart/decoder'
import { describe, expect, it } from 'vitest'
import { decoderErrorRequests } from '../test/decoderErrorRequests'
import { entities, NORA, TREASURY_HOT } from '../test/northwind'
import { policy } from '../test/policy'
import { createEvaluator } from './createEvaluator'

const permitEverything = [policy('permit-everything', 'permit', [{ criterion: 'checkNonceNotExists' }])]
const names = Object.keys(decoderErrorCodes) as (keyof typeof decoderErrorCodes)[]
/** No request makes the decoder fail these ways: a descriptor that breaks, a bug. Tested on built intents alone. */
const UNREACHABLE = ['descriptorFailed', 'internalError']

/** The request, sent by the treasury's hot wallet: an account of the organization, so only the error refuses it. */
function fromTreasury(request: unknown): unknown {
  const text = JSON.stringify(request).replaceAll(
    /0x61640a8d48bca205ba91b16b0b7745e7abc61084/gi,
    TREASURY_HOT,
  )
  return JSON.parse(text)
}

describe('every decoder error is refused, whatever the policies', () => {
  it('has a real request for every error a request can cause', () => {
    const covered = new Set(decoderErrorRequests.map(({ error }) => error))
    expect(names.filter((name) => !covered.has(name))).toEqual(UNREACHABLE)
  })

  for (const { file, error, request, chainId } of decoderErrorRequests) {
    it(`${error}: ${file}`, async () => {
      const evaluator = await createEvaluator({ entities, policies: permitEverything })
      const decoded = decodeRequest(fromTreasury(request), { entities: evaluator.entities, chainId })
      expect(decoded.decoding.error?.name).toBe(error)
      const { decision } = evaluator.decide({ principal: NORA, decoded })
      expect(decision).toMatchObject({ decision: 'Forbid', reason: { code: 'DECODING_FAILED' } })
      // Handed to evaluate directly, for an account of the organization, it is refused all the same.
      const resource = `eip155:1:${TREASURY_HOT}`
      const action = 'signTransaction' as const
      const direct = evaluator.evaluate({ action, principal: NORA, resource, intent: decoded.intent })
      expect(direct.reason.code).toBe('DECODING_FAILED')
    })
  }

  it('refuses each error code at the top of an intent and nested in a batch', async () => {
    const evaluator = await createEvaluator({ entities, policies: permitEverything })
    const resource = `eip155:1:${TREASURY_HOT}`
    const call = {
      type: 'contractCall' as const,
      chainId: 1,
      from: TREASURY_HOT.toLowerCase() as `0x${string}`,
      to: '0x1111111111111111111111111111111111111111' as const,
      contract: '0x1111111111111111111111111111111111111111' as const,
    }
    const permitted = evaluator.evaluate({
      action: 'signTransaction',
      principal: NORA,
      resource,
      intent: call,
    })
    expect(permitted.decision).toBe('Permit')
    for (const name of names) {
      const decoderError = { code: decoderErrorCodes[name], name }
      const top = { ...call, decoderError }
      const nested = {
        ...call,
        type: 'batch' as const,
        intents: [call, { ...call, type: 'batch' as const, intents: [top] }],
      }
      for (const [intent, path] of [
        [top, '/intent/decoderError'],
        [nested, '/intent/intents/1/intents/0/decoderError'],
      ] as const) {
        const decision = evaluator.evaluate({ action: 'signTransaction', principal: NORA, resource, intent })
        expect(decision, name).toMatchObject({
          decision: 'Forbid',
          reason: { code: 'DECODING_FAILED', errors: [{ path }] },
        })
      }
    }
  })
})
