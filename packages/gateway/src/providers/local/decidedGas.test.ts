import {
  decodeFunctionData,
  type Hex,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
} from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DecidedGas } from '../types'
import type { LocalSession } from './localSession'
import { withdrawAbi } from './staking'
import { connectTestSession, rejection, testAddress } from './testSession'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const validator = '0x00000000219ab540356cBB839Cbe05303d7705Fa'
const oneEth = 10n ** 18n
/** Gas and fees other than the provider's own offline choice (21 000 or 100 000 gas at 40 gwei). */
const decided: DecidedGas = {
  type: 'eip1559',
  gasLimit: '65000',
  maxFeePerGas: '12000000000',
  maxPriorityFeePerGas: '2000000000',
}

let session: LocalSession
let ethereum: string

beforeEach(async () => {
  const connected = await connectTestSession('decided-gas')
  session = connected.session
  ethereum = connected.accountOn('ETHEREUM')
})

/** The signed transaction, after checking that the account's key signed it. */
async function signedBy(signed: Hex) {
  const serializedTransaction = signed as TransactionSerialized
  expect(await recoverTransactionAddress({ serializedTransaction })).toBe(testAddress)
  return parseTransaction(serializedTransaction)
}

describe('prepared transfers', () => {
  const transfer = (extra: Record<string, unknown> = {}) => ({
    source: { accountExternalId: ethereum },
    networkId: 'ETHEREUM',
    destinationAddress: recipient,
    asset: { kind: 'native' as const },
    amount: oneEth.toString(),
    ...extra,
  })

  it('prepares what buildTransfer signs, and signs with the prepared gas', async () => {
    const prepared = await session.prepareTransfer(transfer())
    expect(prepared).toMatchObject({ to: recipient, value: oneEth.toString(), gasLimit: '21000', chainId: 1 })
    expect(prepared.nonce).toBeUndefined()
    const { type, gasLimit, maxFeePerGas, maxPriorityFeePerGas } = prepared
    const built = await session.buildTransfer(
      transfer({ gas: { type, gasLimit, maxFeePerGas, maxPriorityFeePerGas } }),
    )
    const signed = await signedBy(built.signedTransaction)
    expect(signed).toMatchObject({ gas: 21000n, maxFeePerGas: BigInt(maxFeePerGas!), value: oneEth })
  })

  it('signs with the decided gas, not its own choice', async () => {
    const built = await session.buildTransfer(
      transfer({ asset: { kind: 'erc20', contractAddress: usdc }, amount: '2500000', gas: decided }),
    )
    const signed = await signedBy(built.signedTransaction)
    expect(signed).toMatchObject({
      gas: 65000n,
      maxFeePerGas: 12000000000n,
      maxPriorityFeePerGas: 2000000000n,
    })
    expect(built.fees[0]!.amount).toBe((65000n * 12000000000n).toString())
  })

  it('deducts the decided fee: the prepared value is the value signed', async () => {
    const prepared = await session.prepareTransfer(
      transfer({ networkFeeAttribution: 'deduct', gas: decided }),
    )
    const fee = 65000n * 12000000000n
    expect(prepared.value).toBe((oneEth - fee).toString())
    const built = await session.buildTransfer(transfer({ networkFeeAttribution: 'deduct', gas: decided }))
    expect((await signedBy(built.signedTransaction)).value).toBe(oneEth - fee)
    expect(built).toMatchObject({ grossAmount: oneEth.toString(), netAmount: (oneEth - fee).toString() })
  })

  it('refuses to prepare a deducted transfer whose amount does not cover the fee', async () => {
    const error = await rejection(
      session.prepareTransfer(transfer({ networkFeeAttribution: 'deduct', amount: '1000' })),
    )
    expect(error).toMatchObject({ code: 'INSUFFICIENT_AMOUNT', details: { path: '/amount' } })
  })

  it('refuses malformed decided gas with a pointer into the transaction', async () => {
    const error = await rejection(session.buildTransfer(transfer({ gas: { ...decided, gasLimit: '20999' } })))
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', details: { path: '/transaction/gasLimit' } })
  })
})

describe('prepared stakes and exits', () => {
  const source = () => ({ accountExternalId: ethereum })
  const stakeInput = {
    networkId: 'ETHEREUM',
    amount: (32n * oneEth).toString(),
    validator: { address: validator },
  }

  it('stakes with the prepared gas, and exits an active position with the decided gas', async () => {
    const prepared = await session.prepareStake({ source: source(), ...stakeInput })
    expect(prepared).toMatchObject({ to: validator, value: stakeInput.amount, gasLimit: '21000' })
    const stake = await session.stake({ source: source(), ...stakeInput, gas: decided })
    expect(await signedBy(stake.transactions[0]!.signedTransaction!)).toMatchObject({ gas: 65000n })

    const position = stake.positions[0]!.externalId
    const exit = {
      source: source(),
      networkId: 'ETHEREUM',
      positionExternalId: position,
      amount: stakeInput.amount,
    }
    const pending = await rejection(session.prepareUnstake(exit))
    expect(pending).toMatchObject({ code: 'CONFLICT' })
    await session.advancePosition(position, 'activate')
    const preparedExit = await session.prepareUnstake(exit)
    expect(preparedExit).toMatchObject({ to: validator, value: '0', gasLimit: '150000' })
    expect(decodeFunctionData({ abi: withdrawAbi, data: preparedExit.data as `0x${string}` }).args).toEqual([
      32n * oneEth,
    ])
    // Preparing an exit changes nothing: the position is still active until the exit is signed.
    expect((await session.listPositions({ status: ['active'] })).map((p) => p.externalId)).toEqual([position])
    const unstake = await session.unstake({ ...exit, gas: decided })
    expect(await signedBy(unstake.transactions[0]!.signedTransaction!)).toMatchObject({
      gas: 65000n,
      maxFeePerGas: 12000000000n,
      to: validator.toLowerCase(),
    })
  })
})
