import { decodeFunctionData, parseTransaction, recoverTransactionAddress } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LocalSession } from './localSession'
import { withdrawAbi } from './staking'
import { connectTestSession, rejection, testAddress } from './testSession'

const validator = '0x00000000219ab540356cBB839Cbe05303d7705Fa'
const otherValidator = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const thirtyTwoEth = (32n * 10n ** 18n).toString()

let session: LocalSession
let account: string

beforeEach(async () => {
  const connected = await connectTestSession('s1', {
    networks: { ETHEREUM_HOLESKY: { stakingValidator: otherValidator } },
  })
  session = connected.session
  account = connected.accountOn('ETHEREUM')
})

const stake = () =>
  session.stake({
    source: { accountExternalId: account },
    networkId: 'ETHEREUM',
    amount: thirtyTwoEth,
    validator: { address: validator },
  })

describe('local staking', () => {
  it('runs a position through pending_approval → active → exiting → closed', async () => {
    const created = await stake()
    expect(created).toMatchObject({
      status: 'pending_approval',
      externalStatus: 'deposit_pending',
      networkId: 'ETHEREUM',
      accountExternalId: account,
      amount: thirtyTwoEth,
    })
    const [position] = created.positions
    expect(position).toMatchObject({
      status: 'pending_approval',
      validatorAddress: validator,
      stakeAccountAddress: testAddress,
      amount: thirtyTwoEth,
    })
    const [deposit] = created.transactions
    expect(deposit).toMatchObject({ externalTransactionStatus: 'signed' })
    expect(
      await recoverTransactionAddress({ serializedTransaction: deposit!.signedTransaction as never }),
    ).toBe(testAddress)
    expect(parseTransaction(deposit!.signedTransaction!)).toMatchObject({
      to: validator.toLowerCase(),
      value: BigInt(thirtyTwoEth),
    })

    // Not unstakeable before it is active.
    expect(await session.listPositions({ accountExternalId: account, status: ['active'] })).toEqual([])
    const early = await rejection(
      session.unstake({
        source: { accountExternalId: account },
        networkId: 'ETHEREUM',
        positionExternalId: position!.externalId,
        amount: thirtyTwoEth,
      }),
    )
    expect(early).toMatchObject({
      code: 'CONFLICT',
      details: { from: 'pending_approval', event: 'requestExit' },
    })

    await session.advancePosition(position!.externalId, 'activate')
    expect((await session.getStake(created.externalId)).status).toBe('active')
    expect(await session.listPositions({ accountExternalId: account, status: ['active'] })).toHaveLength(1)

    const unstake = await session.unstake({
      source: { accountExternalId: account },
      networkId: 'ETHEREUM',
      validatorAddress: validator.toLowerCase(),
      stakeAccountAddress: testAddress,
      amount: thirtyTwoEth,
    })
    expect(unstake).toMatchObject({ status: 'exiting', positionExternalId: position!.externalId })
    const exitTx = parseTransaction(unstake.transactions[0]!.signedTransaction!)
    expect(decodeFunctionData({ abi: withdrawAbi, data: exitTx.data! })).toEqual({
      functionName: 'withdraw',
      args: [BigInt(thirtyTwoEth)],
    })
    expect(exitTx.nonce).toBe(1)

    await session.advancePosition(position!.externalId, 'completeExit')
    expect(await session.getUnstake(unstake.externalId)).toMatchObject({
      status: 'closed',
      externalStatus: 'withdrawn',
    })
    const closed = await session.getStake(created.externalId)
    expect(closed.status).toBe('closed')
    expect(closed.positions[0]!.transactions.map((t) => t.externalTransactionStatus)).toEqual([
      'confirmed',
      'confirmed',
    ])
  })

  it('refuses illegal moves from every state', async () => {
    const { positions } = await stake()
    const id = positions[0]!.externalId
    await expect(session.advancePosition(id, 'completeExit')).rejects.toMatchObject({ code: 'CONFLICT' })
    // An event named like a property every object inherits is no move (it had set the status to a function).
    for (const event of ['toString', 'constructor', '__proto__']) {
      await expect(session.advancePosition(id, event as never), event).rejects.toMatchObject({
        code: 'CONFLICT',
      })
    }
    expect((await session.listPositions())[0]!.status).toBe('pending_approval')
    await session.advancePosition(id, 'reject')
    expect((await session.listPositions())[0]!.status).toBe('closed')
    for (const event of ['activate', 'reject', 'completeExit'] as const) {
      await expect(session.advancePosition(id, event)).rejects.toMatchObject({
        code: 'CONFLICT',
        httpStatus: 409,
      })
    }
    await expect(session.advancePosition('pos_unknown', 'activate')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('checks the unstake selector and amount', async () => {
    const { positions } = await stake()
    const id = positions[0]!.externalId
    await session.advancePosition(id, 'activate')
    const base = { source: { accountExternalId: account }, networkId: 'ETHEREUM', amount: thirtyTwoEth }
    expect(
      await rejection(
        session.unstake({
          ...base,
          positionExternalId: id,
          validatorAddress: validator,
          stakeAccountAddress: testAddress,
        } as never),
      ),
    ).toMatchObject({ code: 'INVALID_REQUEST', details: { path: '/stakePositionId' } })
    expect(await rejection(session.unstake({ ...base, validatorAddress: validator } as never))).toMatchObject(
      { code: 'INVALID_REQUEST', details: { path: '/stakeAccountAddress' } },
    )
    expect(await rejection(session.unstake({ ...base, positionExternalId: 'pos_nope' }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await rejection(session.unstake({ ...base, positionExternalId: id, amount: '1' }))).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { path: '/amount' },
    })
    // Refused requests leave the position as it was.
    expect((await session.listPositions())[0]!.status).toBe('active')
  })

  it('uses the configured validator, and refuses networks without staking', async () => {
    const [wallet] = await session.listWallets()
    const holesky = wallet!.accounts.find((a) => a.networkId === 'ETHEREUM_HOLESKY')!.externalId
    const polygon = wallet!.accounts.find((a) => a.networkId === 'POLYGON')!.externalId
    const created = await session.stake({
      source: { accountExternalId: holesky },
      networkId: 'ETHEREUM_HOLESKY',
      amount: '1',
    })
    expect(created.positions[0]!.validatorAddress).toBe(otherValidator)
    expect(
      await rejection(
        session.stake({ source: { accountExternalId: account }, networkId: 'ETHEREUM', amount: '1' }),
      ),
    ).toMatchObject({ code: 'INVALID_REQUEST', details: { path: '/validator/address' } })
    expect(
      await rejection(
        session.stake({ source: { accountExternalId: polygon }, networkId: 'POLYGON', amount: '1' }),
      ),
    ).toMatchObject({ code: 'UNSUPPORTED' })
    expect(await rejection(session.getStake('stk_nope'))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await rejection(session.getUnstake('uns_nope'))).toMatchObject({ code: 'NOT_FOUND' })
  })
})
