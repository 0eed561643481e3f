import type { Resolution } from '@rampart/decoder'
import type { Evaluator } from '@rampart/evaluator'
import { describe, expect, it } from 'vitest'
import type { ClientPolicyState } from './clientPolicyState'
import { decisionFor } from './decideRequest'

const request = { action: 'signMessage' as const, principal: 'alice' }

function state(evaluator: Partial<Evaluator> | null): ClientPolicyState {
  return {
    clientId: 'client-1',
    entities: {} as ClientPolicyState['entities'],
    evaluator: evaluator as Evaluator | null,
    unavailable: evaluator ? undefined : 'the policy library cannot be loaded',
    presets: new Map(),
    usesHistory: false,
    limitedPolicies: [],
    accountIds: new Map(),
    accountIdsAnyChain: new Map(),
    userIds: new Map(),
  }
}

const permitting = { evaluate: () => ({ decision: 'Permit', reason: { code: 'PERMITTED' } }) } as never

describe('decisionFor fails closed', () => {
  it('refuses when the evaluator is missing or throws', () => {
    expect(decisionFor(state(null), request, undefined, [])).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'EVALUATOR_UNAVAILABLE' },
    })
    const throwing = {
      evaluate: () => {
        throw new Error('wasm trap')
      },
    }
    expect(decisionFor(state(throwing), request, undefined, [])).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'EVALUATION_FAILED', message: 'wasm trap' },
    })
  })

  it('refuses what could not be decoded, before a permitting evaluator sees it', () => {
    expect(decisionFor(state(permitting), request, null, [])).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'EVALUATION_FAILED' },
    })
    const undecoded = {
      decoding: { error: { code: 1202, name: 'unknownSelector', message: 'No function matches 0x12345678' } },
    } as unknown as Resolution
    expect(decisionFor(state(permitting), request, undecoded, [])).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'INVALID_REQUEST' },
    })
    const decoded = { decoding: { error: null } } as unknown as Resolution
    expect(decisionFor(state(permitting), request, decoded, []).decision).toBe('Permit')
  })
})
