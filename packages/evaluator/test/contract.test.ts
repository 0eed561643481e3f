// Contract tests: real JSON-RPC requests from fixtures/requests, decoded by the real decoder, decided by the real
// policy library with the shipped presets and the policies in fixtures/policies. Only the organization around
// each request is written here: the sender's account, assigned to a user, and address-book entries.
import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { actionForMethod, createEvaluator, type EvaluationRequest, type Policy } from '../src'

const fixture = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8'))
const baseEntities = fixture('requests/entities.json') as Entities
const policies = fixture('policies/custody-basics.json') as Policy[]
const OPERATOR = 'operator@example.com'

/** Decodes a fixture request, and builds the organization in which its sender is an account of OPERATOR. */
async function decide(name: string, options: { presets?: string[]; counterparties?: string[] } = {}) {
  const { request: rpc } = fixture(`requests/${name}.json`)
  const resolution = decodeRequest(rpc, { entities: baseEntities })
  expect(resolution.decoding.error).toBeNull()
  const intent = resolution.intent as EvaluationRequest['intent'] & { from: string; chainId: number }
  const senderId = `sender-${intent.chainId}`
  const entities: Entities = {
    ...baseEntities,
    users: [{ id: OPERATOR, role: 'member' }],
    accounts: [
      ...baseEntities.accounts,
      { id: senderId, address: intent.from, accountType: 'eoa', chainId: intent.chainId },
    ],
    userAccounts: [{ userId: OPERATOR, accountId: senderId }],
    addressBook: [
      ...baseEntities.addressBook,
      ...(options.counterparties ?? []).map((address, i) => ({
        id: `counterparty-${i}`,
        address,
        chainId: intent.chainId,
        classification: 'counterparty' as const,
      })),
    ],
  }
  const evaluator = await createEvaluator({ entities, policies })
  const action = actionForMethod(resolution.action)
  expect(action).toBeDefined()
  const request: EvaluationRequest = { action: action!, principal: OPERATOR, resource: senderId, intent }
  return { decision: evaluator.evaluate(request, { presets: options.presets }), intent }
}

describe('decoded fixture requests through the policy library', () => {
  it('ERC-20 transfer (USDT, mainnet): permitted only to an address-book counterparty', async () => {
    const recipient = '0x5bdbd6e977d40a2fbebad8d8654556582a6df854'
    const unknown = await decide('erc20-transfer-usdt', { presets: ['erc20-address-book-only'] })
    expect(unknown.decision).toMatchObject({ decision: 'Forbid', reason: { code: 'NO_MATCHING_PERMIT' } })
    expect(unknown.decision.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
    const known = await decide('erc20-transfer-usdt', {
      presets: ['erc20-address-book-only'],
      counterparties: [recipient],
    })
    expect(known.decision).toMatchObject({
      decision: 'Permit',
      decidingPolicy: 'transfers-to-counterparties',
    })
    expect(known.decision.policyEvaluation).toEqual({
      expectedBehavior: true,
      matchedPresets: [
        { presetId: 'erc20-address-book-only', matchedPolicies: ['erc20-transfer-to-address-book'] },
      ],
    })
  })

  it('unlimited ERC-20 approval: forbidden, with the criteria that held', async () => {
    const { decision } = await decide('erc20-approve-unlimited')
    expect(decision).toMatchObject({ decision: 'Forbid', decidingPolicy: 'forbid-unlimited-approvals' })
    expect(decision.heldCriteria?.map((criterion) => (criterion as { criterion: string }).criterion)).toEqual(
      ['checkIntentType', 'checkIntentAmount'],
    )
  })

  it('unlimited Permit2 signature: forbidden, and the bounded-approvals preset says so', async () => {
    const { decision } = await decide('permit2-permit-single-unlimited', {
      presets: ['permit2-bounded-approvals'],
    })
    expect(decision.decidingPolicy).toBe('forbid-unlimited-approvals')
    expect(decision.policyEvaluation).toEqual({
      expectedBehavior: false,
      matchedPresets: [
        { presetId: 'permit2-bounded-approvals', matchedPolicies: ['permit2-unlimited-forbidden'] },
      ],
    })
  })

  it('native transfer of 0.1149 ETH: within 1 ETH in token units', async () => {
    const { decision } = await decide('native-transfer')
    expect(decision).toMatchObject({ decision: 'Permit', decidingPolicy: 'small-native-transfers' })
  })

  it('Sign-In with Ethereum: permitted for an assigned account', async () => {
    const { decision } = await decide('personal-sign-siwe')
    expect(decision).toMatchObject({ decision: 'Permit', decidingPolicy: 'sign-in-with-ethereum' })
  })

  it('smart-account batch: every inner call must be a small transfer', async () => {
    const { decision, intent } = await decide('account-execute-batch')
    expect(intent.intents?.length).toBeGreaterThan(1)
    expect(decision).toMatchObject({ decision: 'Permit', decidingPolicy: 'batches-of-small-transfers' })
  })

  it('Universal Router swap: the self-recipient preset matches only when the recipient is the sender', async () => {
    const { decision, intent } = await decide('universal-router-permit2-swap', {
      presets: ['uniswap-self-recipient'],
    })
    // This mainnet swap pays its output to the sender.
    expect(intent.recipient).toBe(intent.from)
    expect(decision.policyEvaluation).toEqual({
      expectedBehavior: true,
      matchedPresets: [{ presetId: 'uniswap-self-recipient', matchedPolicies: ['uniswap-swap-to-sender'] }],
    })
  })
})
