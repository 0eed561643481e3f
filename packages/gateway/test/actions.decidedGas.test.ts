import {
  type Hex,
  parseGwei,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { policy, testAddress } from './support/signingClient'
import { signingRequestCount } from './support/testGateway'
import { useSigningGateway } from './support/useTestGateway'

/** 0.01 ETH: the most network fee the policies let any transaction spend. */
const feeCap = 10n ** 16n
/** 0.005 ETH on Holesky: a stake (21 000 gas) passes it, an exit (150 000 gas at 40 gwei, 0.006 ETH) does not. */
const holeskyFeeCap = 5n * 10n ** 15n
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const validator = '0x00000000219ab540356cBB839Cbe05303d7705Fa'

const setup = useSigningGateway({
  policies: [
    policy('forbid-costly-gas', 'forbid', [
      { criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: feeCap.toString() } },
    ]),
    policy('forbid-costly-holesky-gas', 'forbid', [
      { criterion: 'checkIntentChainId', args: [17000] },
      { criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: holeskyFeeCap.toString() } },
    ]),
    policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
  ],
  provider: {
    networks: {
      // 21 000 gas at 1 000 gwei is 0.021 ETH: over the cap.
      ETHEREUM_SEPOLIA: { maxFeePerGas: parseGwei('1000'), maxPriorityFeePerGas: parseGwei('1') },
      // Nothing listens on port 1: preparing a Base Sepolia transaction fails.
      BASE_SEPOLIA: { rpcUrl: 'http://127.0.0.1:1' },
    },
  },
})

let sequence = 0
const nextId = () => `decided-gas-${++sequence}-${Date.now()}`
const source = (networkId: string) => ({ type: 'account', id: setup.accounts[networkId]! })

const transfer = (networkId: string, assetId: string, body: Record<string, unknown> = {}) =>
  setup.call('POST', '/v1/provider/transfers', {
    source: source(networkId),
    destination: { address: recipient },
    asset: { assetId },
    amount: '0.5',
    idempotenceId: nextId(),
    ...body,
  })

const stake = (networkId: string) =>
  setup.call('POST', '/v1/provider/ethereum/stakes', {
    source: source(networkId),
    validator: { address: validator },
    amount: '32',
    idempotenceId: nextId(),
  })

/** The gas the policies decided on, from the evaluation report of the record. */
function decidedGas(evaluation: { report: { intent: { decoded: { gas?: Record<string, string> } } } }) {
  return evaluation.report.intent.decoded.gas
}

/** The gas the transaction was signed with, after checking who signed it. */
async function signedGas(signed: Hex) {
  const serializedTransaction = signed as TransactionSerialized
  expect(await recoverTransactionAddress({ serializedTransaction })).toBe(testAddress)
  const parsed = parseTransaction(serializedTransaction)
  return {
    gasLimit: parsed.gas?.toString(),
    maxFeePerGas: parsed.maxFeePerGas?.toString(),
    maxFee: ((parsed.gas ?? 0n) * (parsed.maxFeePerGas ?? 0n)).toString(),
    value: parsed.value ?? 0n,
  }
}

describe('transfers are decided on the gas they are signed with', () => {
  it('signs a native transfer under the fee cap with exactly the decided gas and fees', async () => {
    const response = await transfer('ETHEREUM', 'eip155:1/slip44:60')
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    const signed = await signedGas(record.signedTransaction)
    expect(decidedGas(record.evaluation)).toMatchObject({
      gasLimit: signed.gasLimit,
      maxFeePerGas: signed.maxFeePerGas,
      maxFee: signed.maxFee,
    })
    expect(record.fees[0].amount).toBe('0.00084')
  })

  it('signs an ERC-20 transfer with the decided gas limit, not a new estimate', async () => {
    const response = await transfer('ETHEREUM', 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', {
      amount: '2',
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    const signed = await signedGas(record.signedTransaction)
    expect(signed.gasLimit).toBe('100000')
    expect(decidedGas(record.evaluation)).toMatchObject({ gasLimit: '100000', maxFee: signed.maxFee })
  })

  it('decides a deducted fee on the net value it signs', async () => {
    const response = await transfer('ETHEREUM', 'eip155:1/slip44:60', { networkFeeAttribution: 'deduct' })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    const signed = await signedGas(record.signedTransaction)
    const net = 5n * 10n ** 17n - BigInt(signed.maxFee)
    expect(signed.value).toBe(net)
    expect(record.evaluation.report.intent.decoded.amount).toBe(net.toString())
    expect(record.netAmount).toBe('0.49916')
  })

  it('forbids a transfer whose fee is over the cap, before the provider signs anything', async () => {
    const before = setup.calls.buildTransfer ?? 0
    const response = await transfer('ETHEREUM_SEPOLIA', 'eip155:11155111/slip44:1')
    expect(response.statusCode, response.body).toBe(403)
    const { evaluation } = response.json().context
    expect(evaluation.decision.decidingPolicy).toBe('forbid-costly-gas')
    expect(decidedGas(evaluation)?.maxFee).toBe((21_000n * parseGwei('1000')).toString())
    expect(setup.calls.buildTransfer ?? 0).toBe(before)
  })

  it('refuses a transfer whose transaction cannot be prepared, and records nothing', async () => {
    const before = {
      built: setup.calls.buildTransfer ?? 0,
      records: await signingRequestCount(setup.gateway),
    }
    const response = await transfer('BASE_SEPOLIA', 'eip155:84532/slip44:1')
    expect(response.statusCode, response.body).toBe(502)
    expect(response.json().code).toBe('PROVIDER_UNAVAILABLE')
    expect({
      built: setup.calls.buildTransfer ?? 0,
      records: await signingRequestCount(setup.gateway),
    }).toEqual(before)
  })

  it('refuses a deducted transfer whose amount does not cover the fee while planning', async () => {
    const before = setup.calls.buildTransfer ?? 0
    const response = await transfer('ETHEREUM', 'eip155:1/slip44:60', {
      amount: '0.0001',
      networkFeeAttribution: 'deduct',
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_AMOUNT' })
    expect(setup.calls.buildTransfer ?? 0).toBe(before)
  })
})

describe('stakes and exits are decided on the gas they are signed with', () => {
  it('forbids a stake whose fee is over the cap', async () => {
    const before = setup.calls.stake ?? 0
    const response = await stake('ETHEREUM_SEPOLIA')
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().context.evaluation.decision.decidingPolicy).toBe('forbid-costly-gas')
    expect(setup.calls.stake ?? 0).toBe(before)
  })

  it('signs a stake under the cap with the decided gas, then forbids its exit, whose fee is over the cap', async () => {
    const staked = await stake('ETHEREUM_HOLESKY')
    expect(staked.statusCode, staked.body).toBe(201)
    const { stakeRequest, transactions, positions } = staked.json().data
    const signed = await signedGas(transactions[0].signedTransaction)
    expect(decidedGas(stakeRequest.evaluation)).toMatchObject({ gasLimit: '21000', maxFee: signed.maxFee })

    const positionId = positions[0].positionId
    const session = await setup.gateway.app.sessions.sessionFor(setup.client.clientId, setup.connectionId)
    await session.advancePosition!(positionId, 'activate')
    const before = setup.calls.unstake ?? 0
    const exit = await setup.call('POST', '/v1/provider/ethereum/unstakes', {
      source: source('ETHEREUM_HOLESKY'),
      stakePositionId: positionId,
      amount: '32',
      networkId: 'ETHEREUM_HOLESKY',
      idempotenceId: nextId(),
    })
    expect(exit.statusCode, exit.body).toBe(403)
    const { evaluation } = exit.json().context
    expect(evaluation.decision.decidingPolicy).toBe('forbid-costly-holesky-gas')
    expect(decidedGas(evaluation)?.maxFee).toBe((150_000n * parseGwei('40')).toString())
    expect(setup.calls.unstake ?? 0).toBe(before)
  })
})
