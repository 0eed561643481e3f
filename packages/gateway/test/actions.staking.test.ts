import { decodeFunctionData, parseAbi, parseTransaction, recoverTransactionAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { policy, testAddress } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const validator = '0x00000000219ab540356cBB839Cbe05303d7705Fa'

let sequence = 0
const nextId = () => `staking-${++sequence}-${Date.now()}`
const source = () => ({ type: 'account', id: setup.accounts.ETHEREUM_HOLESKY! })

const setup = useSigningGateway({
  policies: [
    policy('permit-staking', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction'] },
      { criterion: 'checkIntentChainId', args: [17000] },
    ]),
  ],
})

async function advance(positionId: string, event: 'activate' | 'reject' | 'completeExit') {
  const session = await setup.gateway.app.sessions.sessionFor(setup.client.clientId, setup.connectionId)
  await session.advancePosition!(positionId, event)
}

describe('Ethereum staking', () => {
  let positionId: string
  let stakeId: string

  it('stakes ETH into a validator: a signed deposit, one pending position, the decision embedded', async () => {
    const response = await setup.call('POST', '/v1/provider/ethereum/stakes', {
      source: source(),
      validator: { address: validator },
      amount: '32',
      idempotenceId: nextId(),
      stakeRequestId: `stake-${Date.now()}`,
    })
    expect(response.statusCode, response.body).toBe(201)
    const { stakeRequest, positions, transactions } = response.json().data
    expect(stakeRequest).toMatchObject({
      status: 'pending_approval',
      networkId: 'ETHEREUM_HOLESKY',
      accountId: setup.accounts.ETHEREUM_HOLESKY,
      clientId: setup.client.clientId,
      connectionId: setup.connectionId,
      provider: 'local',
      amount: '32',
    })
    expect(stakeRequest.evaluation.decision.matchedPolicies).toEqual(['permit-staking'])
    expect(positions).toHaveLength(1)
    expect(positions[0]).toMatchObject({
      status: 'pending_approval',
      validatorAddress: validator,
      stakeAccountAddress: testAddress,
      amount: '32',
      accountId: setup.accounts.ETHEREUM_HOLESKY,
    })
    expect(transactions).toHaveLength(1)
    const signed = transactions[0].signedTransaction
    expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(testAddress)
    const tx = parseTransaction(signed)
    expect(tx.to).toBe(validator.toLowerCase())
    expect(tx.value).toBe(32n * 10n ** 18n)
    expect(tx.chainId).toBe(17000)
    positionId = positions[0].positionId
    stakeId = stakeRequest.stakeRequestId
  })

  it('lists a position as unstakeable only once it is active, and reads its state through the stake', async () => {
    const before = await setup.call(
      'GET',
      `/v1/provider/ethereum/unstakeable-positions?accountId=${setup.accounts.ETHEREUM_HOLESKY}`,
    )
    expect(before.statusCode, before.body).toBe(200)
    expect(before.json().data).toEqual([])
    await advance(positionId, 'activate')
    const after = await setup.call('GET', '/v1/provider/ethereum/unstakeable-positions')
    expect(after.json().data).toEqual([expect.objectContaining({ positionId, status: 'active' })])
    const stake = await setup.call('GET', `/v1/provider/ethereum/stakes/${stakeId}`)
    expect(stake.statusCode).toBe(200)
    expect(stake.json().data.positions[0].status).toBe('active')
    const unknown = await setup.call('GET', '/v1/provider/ethereum/unstakeable-positions?accountId=nope')
    expect(unknown.statusCode).toBe(404)
  })

  it('names the position by id or by addresses, never both, with a clear 422', async () => {
    const base = { source: source(), amount: '32', networkId: 'ETHEREUM_HOLESKY', idempotenceId: nextId() }
    const both = await setup.call('POST', '/v1/provider/ethereum/unstakes', {
      ...base,
      stakePositionId: positionId,
      validatorAddress: validator,
      stakeAccountAddress: testAddress,
    })
    expect(both.statusCode).toBe(422)
    expect(both.json()).toMatchObject({
      code: 'POSITION_SELECTOR_INVALID',
      context: { issues: [{ path: '/validatorAddress', message: 'must not be set with stakePositionId' }] },
    })
    const neither = await setup.call('POST', '/v1/provider/ethereum/unstakes', base)
    expect(neither.statusCode).toBe(422)
    expect(neither.json().context.issues[0].path).toBe('/stakePositionId')
    const half = await setup.call('POST', '/v1/provider/ethereum/unstakes', {
      ...base,
      validatorAddress: validator,
    })
    expect(half.json().context.issues[0].path).toBe('/stakeAccountAddress')
    const missing = await setup.call('POST', '/v1/provider/ethereum/unstakes', {
      ...base,
      stakePositionId: 'pos-nope',
    })
    expect(missing.statusCode).toBe(404)
  })

  it('unstakes by validator and stake account: a signed withdraw, the position exiting, then closed', async () => {
    const body = {
      source: source(),
      validatorAddress: validator,
      stakeAccountAddress: testAddress,
      amount: '32',
      networkId: 'ETHEREUM_HOLESKY',
      idempotenceId: nextId(),
    }
    const response = await setup.call('POST', '/v1/provider/ethereum/unstakes', body)
    expect(response.statusCode, response.body).toBe(201)
    const { unstakeRequest, transactions } = response.json().data
    // Sent again, it is the same record, although its position, now exiting, could not be unstaked anew.
    const again = await setup.call('POST', '/v1/provider/ethereum/unstakes', body)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().data.unstakeRequest.unstakeId).toBe(unstakeRequest.unstakeId)
    expect(unstakeRequest).toMatchObject({ status: 'exiting', positionId, amount: '32' })
    const tx = parseTransaction(transactions[0].signedTransaction)
    expect(
      await recoverTransactionAddress({ serializedTransaction: transactions[0].signedTransaction }),
    ).toBe(testAddress)
    expect(
      decodeFunctionData({ abi: parseAbi(['function withdraw(uint256)']), data: tx.data! }).args,
    ).toEqual([32n * 10n ** 18n])
    const read = await setup.call('GET', `/v1/provider/ethereum/unstakes/${unstakeRequest.unstakeId}`)
    expect(read.json().data.unstakeRequest.status).toBe('exiting')

    await advance(positionId, 'completeExit')
    const stake = await setup.call('GET', `/v1/provider/ethereum/stakes/${stakeId}`)
    expect(stake.json().data.positions[0].status).toBe('closed')
    const closedAgain = await setup.call('POST', '/v1/provider/ethereum/unstakes', {
      source: source(),
      stakePositionId: positionId,
      amount: '32',
      networkId: 'ETHEREUM_HOLESKY',
      idempotenceId: nextId(),
    })
    // A closed position cannot exit: refused while planning, before anything is decided or recorded.
    expect(closedAgain.statusCode).toBe(409)
    expect(closedAgain.json()).toMatchObject({
      code: 'CONFLICT',
      context: { from: 'closed', event: 'requestExit' },
    })
  })
})
