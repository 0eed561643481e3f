// Contract tests: real JSON-RPC requests from fixtures/requests, decoded by the real decoder, decided by the real
// policy library with the shipped presets and the policies in fixtures/policies. Only the organization around
// each request is written here: the sender's account, assigned to a user, and address-book entries.
import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import { encodeFunctionData, erc20Abi, type Hex, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { actionForMethod, createEvaluator, type EvaluationRequest, type Policy } from '../src'

const fixture = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8'))
const baseEntities = fixture('requests/entities.json') as Entities
const policies = fixture('policies/custody-basics.json') as Policy[]
const OPERATOR = 'operator@example.com'

/** Decodes a fixture request, and builds the organization in which its sender is an account of OPERATOR. */
async function decide(
  name: string,
  options: { presets?: string[]; counterparties?: string[]; params?: Record<string, unknown> } = {},
) {
  const { request: fixtureRpc, chainId } = fixture(`requests/${name}.json`)
  // A request may carry other fields than its fixture's (a sender, other calls): the decoder reads them the same.
  const rpc = options.params
    ? {
        ...fixtureRpc,
        params: [{ ...fixtureRpc.params[0], ...options.params }, ...fixtureRpc.params.slice(1)],
      }
    : fixtureRpc
  const resolution = decodeRequest(rpc, { entities: baseEntities, chainId })
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

  it('unlimited Permit2 signatures, single and batch: forbidden, and the bounded-approvals preset says so', async () => {
    for (const name of ['permit2-permit-single-unlimited', 'permit2-permit-batch']) {
      const { decision } = await decide(name, { presets: ['permit2-bounded-approvals'] })
      expect(decision.decidingPolicy, name).toBe('forbid-unlimited-approvals')
      expect(decision.policyEvaluation, name).toEqual({
        expectedBehavior: false,
        matchedPresets: [
          { presetId: 'permit2-bounded-approvals', matchedPolicies: ['permit2-unlimited-forbidden'] },
        ],
      })
    }
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

  describe('presets judge every call of a batch or user operation', () => {
    /** The callData of the v0.7 user operation's account: executeBatch((address,uint256,bytes)[]). */
    const accountBatch = (calls: { target: Hex; data: Hex }[]) =>
      encodeFunctionData({
        abi: parseAbi(['function executeBatch((address target, uint256 value, bytes data)[] calls)']),
        args: [calls.map((call) => ({ ...call, value: 0n }))],
      })
    // The ERC-20 transfer that the EIP-7702 account of this handleOps bundle makes, inside its user operation.
    const recipient = '0xd7bd3ba35431d1cf8ad71300794d8958e34dcf85'
    const presets = ['erc20-address-book-only']
    const batchPolicy = {
      presetId: 'erc20-address-book-only',
      matchedPolicies: ['erc20-transfers-in-batch-to-address-book'],
    }

    it('a handleOps transaction whose one call is an ERC-20 transfer: expected only to the address book', async () => {
      // The raw transaction names no sender: the bundler that it pays is the one that sends it.
      const params = { from: '0x4337001fff419768e088ce247456c1b892888084' }
      const unknown = await decide('entrypoint-handle-ops-7702-erc7579', { presets, params })
      expect(unknown.decision.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
      const known = await decide('entrypoint-handle-ops-7702-erc7579', {
        presets,
        params,
        counterparties: [recipient],
      })
      expect(known.decision.policyEvaluation).toEqual({
        expectedBehavior: true,
        matchedPresets: [batchPolicy],
      })
    })

    it('a smart-account batch that also sends ETH is not an ERC-20 transfer to the address book', async () => {
      const { decision, intent } = await decide('account-execute-batch', {
        presets,
        counterparties: ['0xc06145782f31030db1c40b203be6b0fd53410b6d'],
      })
      expect(intent.intents?.map((call) => call.type)).toEqual(['erc20Transfer', 'nativeTransfer'])
      expect(decision.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
    })

    it('a user operation whose account transfers USDC twice to the address book', async () => {
      // Two transfers of Sepolia USDC in place of the v0.7 user operation's approval.
      const usdc = '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238'
      const transfer = (to: Hex) =>
        encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 1_000_000n] })
      const callData = accountBatch([
        { target: usdc, data: transfer(recipient) },
        { target: usdc, data: transfer('0x5bdbd6e977d40a2fbebad8d8654556582a6df854') },
      ])
      const oneKnown = await decide('user-operation-v07', {
        presets,
        params: { callData },
        counterparties: [recipient],
      })
      expect(oneKnown.intent.type).toBe('userOperation')
      expect(oneKnown.decision.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
      const bothKnown = await decide('user-operation-v07', {
        presets,
        params: { callData },
        counterparties: [recipient, '0x5bdbd6e977d40a2fbebad8d8654556582a6df854'],
      })
      expect(bothKnown.decision.policyEvaluation).toEqual({
        expectedBehavior: true,
        matchedPresets: [batchPolicy],
      })
    })

    it('a user operation that supplies to Aave: expected only on behalf of its own account', async () => {
      // The user operation's account, and the Aave v3 Pool on Sepolia.
      const account = '0xf098c91823f1ef080f22645d030a7196e72d31eb'
      const pool = '0x6ae43d3271ff6888e7fc43fd7321a503ff738951'
      const supply = (onBehalfOf: Hex) =>
        encodeFunctionData({
          abi: parseAbi([
            'function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)',
          ]),
          args: ['0x94a9d9ac8a22534e3faca9f4e7f2e2cf85d5e4c8', 1_000_000n, onBehalfOf, 0],
        })
      const presets = ['aave-on-behalf-of-self']
      // The preset names the Pool's deployments on mainnet, Base and Arbitrum: Sepolia's is not among them.
      const sepolia = await decide('user-operation-v07', {
        presets,
        params: { callData: accountBatch([{ target: pool, data: supply(account) }]) },
      })
      expect(sepolia.intent.intents?.[0]?.intents?.[0]).toMatchObject({ recipient: account, contract: pool })
      expect(sepolia.decision.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
      const mainnetPool = '0x87870bca3f3fd6335c3f4ce8392d69350b4fa4e2'
      const forSelf = await decide('user-operation-v07', {
        presets,
        params: { callData: accountBatch([{ target: mainnetPool, data: supply(account) }]) },
      })
      expect(forSelf.decision.policyEvaluation).toEqual({
        expectedBehavior: true,
        matchedPresets: [
          {
            presetId: 'aave-on-behalf-of-self',
            matchedPolicies: ['aave-supply-withdraw-in-batch-to-sender'],
          },
        ],
      })
      const forAnother = await decide('user-operation-v07', {
        presets,
        params: { callData: accountBatch([{ target: mainnetPool, data: supply(recipient) }]) },
      })
      expect(forAnother.decision.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
    })

    it('a Safe transaction whose ERC-20 transfer is made by DELEGATECALL is no transfer to the address book', async () => {
      // The Safe's execTransaction of the fixtures, calling USDT's transfer to a counterparty instead.
      const counterparty = '0x5bdbd6e977d40a2fbebad8d8654556582a6df854'
      const execTransaction = (operation: number) =>
        encodeFunctionData({
          abi: parseAbi([
            'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures)',
          ]),
          args: [
            '0xdac17f958d2ee523a2206206994597c13d831ec7',
            0n,
            encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [counterparty, 1_000_000n] }),
            operation,
            0n,
            0n,
            0n,
            '0x0000000000000000000000000000000000000000',
            '0x0000000000000000000000000000000000000000',
            '0x',
          ],
        })
      const options = { presets, counterparties: [counterparty] }
      const called = await decide('safe-exec-transaction-eth', {
        ...options,
        params: { data: execTransaction(0) },
      })
      expect(called.intent.intents?.[0]).toMatchObject({ type: 'erc20Transfer', operation: 'call' })
      expect(called.decision.policyEvaluation).toEqual({
        expectedBehavior: true,
        matchedPresets: [batchPolicy],
      })
      const delegated = await decide('safe-exec-transaction-eth', {
        ...options,
        params: { data: execTransaction(1) },
      })
      expect(delegated.intent.intents?.[0]).toMatchObject({ type: 'erc20Transfer', flags: ['delegatecall'] })
      expect(delegated.decision.policyEvaluation).toEqual({
        expectedBehavior: false,
        matchedPresets: [
          {
            presetId: 'erc20-address-book-only',
            matchedPolicies: ['erc20-transfer-by-delegatecall', 'erc20-transfers-in-batch-to-address-book'],
          },
        ],
      })
    })
  })

  it('Aave v3 supply and withdraw on mainnet: the preset expects them only for the sender', async () => {
    const presets = ['aave-on-behalf-of-self']
    const expected = {
      expectedBehavior: true,
      matchedPresets: [
        { presetId: 'aave-on-behalf-of-self', matchedPolicies: ['aave-supply-withdraw-to-sender'] },
      ],
    }
    for (const name of ['aave-v3-supply', 'aave-v3-withdraw-all']) {
      const own = await decide(name, { presets })
      expect(own.intent.recipient).toBe(own.intent.from)
      expect(own.decision.policyEvaluation).toEqual(expected)
      // The same call sent by another account credits someone other than its sender.
      const other = await decide(name, {
        presets,
        params: { from: '0x5bdbd6e977d40a2fbebad8d8654556582a6df854' },
      })
      expect(other.decision.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
    }
  })
})
