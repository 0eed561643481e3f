// Decides JSON-RPC requests decoded by the real decoder (fixture requests or built ones), the sender being an
// account of OPERATOR in the fixtures' organization.
import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import { expect } from 'vitest'
import { actionForMethod, createEvaluator, type EvaluationRequest, type Policy } from '../src'

export { policy } from './policy'

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/requests/${name}`, import.meta.url), 'utf8'))

/** A request of fixtures/requests, by name: `{request, chainId?, expected...}`. */
export const readFixture = (name: string) => read(`${name}.json`)
const baseEntities = read('entities.json') as Entities
const OPERATOR = 'operator@example.com'

/**
 * Decodes a JSON-RPC request and decides it, the sender being an account of OPERATOR. The decoder must read it
 * whole, but a call to a contract it has no descriptor for, or a request whose decoder error is `expectedError`.
 */
export async function decide(
  rpc: unknown,
  policies: Policy[],
  extra: Partial<EvaluationRequest> = {},
  chainId?: number,
  expectedError?: string,
) {
  const resolution = decodeRequest(rpc, { entities: baseEntities, chainId })
  if (expectedError !== undefined) expect(resolution.decoding.error?.name).toBe(expectedError)
  else if (resolution.intent.type !== 'contractCall') expect(resolution.decoding.error).toBeNull()
  const intent = resolution.intent as EvaluationRequest['intent'] & { from: string; chainId: number }
  const entities: Entities = {
    ...baseEntities,
    users: [{ id: OPERATOR, role: 'member' }],
    accounts: [
      ...baseEntities.accounts,
      { id: 'sender', address: intent.from, accountType: 'eoa', chainId: intent.chainId },
    ],
    userAccounts: [{ userId: OPERATOR, accountId: 'sender' }],
  }
  const evaluator = await createEvaluator({ entities, policies })
  const action = actionForMethod(resolution.action)
  expect(action).toBeDefined()
  return evaluator.evaluate({ action: action!, principal: OPERATOR, resource: 'sender', intent, ...extra })
}

/** Decides a request of fixtures/requests, on its chain (mainnet for a request that names none). */
export async function decideFixture(
  name: string,
  policies: Policy[],
  extra: Partial<EvaluationRequest> = {},
) {
  const fixture = read(`${name}.json`)
  return decide(fixture.request, policies, extra, fixture.chainId ?? 1)
}
