import type { Decided, Evaluator } from '@rampart/evaluator'
import { describe, expect, it } from 'vitest'
import type { ClientPolicyState } from './clientPolicyState'
import { decideForClient } from './decideForClient'

function state(evaluator: Partial<Evaluator> | null): ClientPolicyState {
  return {
    clientId: 'client-1',
    entities: {} as ClientPolicyState['entities'],
    index: undefined,
    evaluator: evaluator as Evaluator | null,
    unavailable: evaluator ? undefined : 'the policy library cannot be loaded',
    presets: new Map(),
    usesHistory: false,
    limitedPolicies: [],
    currencies: [],
    decimals: {},
    logState: { policiesHash: '0'.repeat(64), entitiesHash: '0'.repeat(64) },
  }
}

const permitted: Decided = {
  decision: {
    decision: 'Permit',
    reason: { code: 'PERMITTED', message: 'permitted' },
    matchedPolicies: [],
    approvals: { required: [], missing: [], satisfied: [] },
  },
  request: { action: 'grantPermission', principal: 'alice' },
  userId: 'alice',
}
const permitting = { decide: () => permitted }
const input = { principal: 'alice', action: 'grantPermission' as const, historyTotals: undefined }

describe('decideForClient fails closed on what only the gateway knows', () => {
  it('refuses when the client has no evaluator', () => {
    expect(decideForClient(state(null), input).decision).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'EVALUATOR_UNAVAILABLE' },
    })
  })

  it('refuses what the policies permit when the history cannot be read', () => {
    expect(decideForClient(state(permitting), input).decision.decision).toBe('Permit')
    expect(decideForClient(state(permitting), { ...input, historyTotals: null }).decision).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'EVALUATION_FAILED' },
    })
  })
})
