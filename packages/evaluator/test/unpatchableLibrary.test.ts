// A policy library that cannot patch its data (compiled for an OPA ABI before opa_value_add_path) is loaded whole,
// at creation and by every update, and decides as one that loaded the same organization in parts.
import { describe, expect, it, vi } from 'vitest'
import { benchPolicies, syntheticOrg } from '../bench/org'
import { ACCOUNTS, everyDecision, USERS, withAccount } from './incrementalHelpers'

vi.mock('../src/patchPolicyData', async (original) => {
  const actual = await original<typeof import('../src/patchPolicyData')>()
  return { ...actual, canPatch: () => false, patchPolicyData: vi.fn(actual.patchPolicyData) }
})
// The files of a worker share their modules (isolate: false): the modules that import the mocked one are loaded
// again, after the mock, so that they see it.
vi.resetModules()
const { createEvaluator, EvaluatorError } = await import('../src')
const patching = await import('../src/patchPolicyData')
const actual = await vi.importActual<typeof import('../src')>('../src')

describe('a policy library that cannot patch its data', () => {
  it('is loaded whole, by createEvaluator and by each update, and decides as one loaded in parts', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const evaluator = await createEvaluator({ entities, policies: benchPolicies() })
    const next = withAccount(entities)
    await evaluator.updateInSlices({ entities: next })
    evaluator.update({ entities, policies: benchPolicies() })
    await evaluator.updateInSlices({ entities: next })
    expect(vi.mocked(patching.patchPolicyData)).not.toHaveBeenCalled()
    const reference = await actual.createEvaluator({ entities: next, policies: benchPolicies() })
    expect(everyDecision(evaluator, next)).toEqual(everyDecision(reference, next))
    expect(() => evaluator.updateEntities([])).toThrow(EvaluatorError)
  })
})
