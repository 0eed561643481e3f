import { describe, expect, it } from 'vitest'
import { ProviderError } from '../src/core/errors/providerErrors'
import { pointingIntoBody, transferPointers, unstakePointers } from '../src/signing/actions/providerPointers'
import { policy } from './support/signingClient'
import { signingRequestCount } from './support/testGateway'
import { useSigningGateway } from './support/useTestGateway'

const validator = '0x00000000219ab540356cBB839Cbe05303d7705Fa'

const setup = useSigningGateway({
  policies: [
    policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
  ],
})

let sequence = 0
const nextId = () => `plan-pointers-${++sequence}-${Date.now()}`

// The provider prepares transfers, stakes and exits while they are planned: its refusals are then the answer of
// the create, and their pointers must name the member of the body the client sent, not of the provider's input.
describe('provider refusals at plan time point into the create body', () => {
  it('names the source when a stake is from a network without staking', async () => {
    const before = await signingRequestCount(setup.gateway)
    const response = await setup.call('POST', '/v1/provider/ethereum/stakes', {
      source: { type: 'account', id: setup.accounts.POLYGON! },
      validator: { address: validator },
      amount: '1',
      idempotenceId: nextId(),
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED', context: { path: '/source/id' } })
    expect(await signingRequestCount(setup.gateway)).toBe(before)
  })

  it('keeps a pointer that is already the body’s (a whole-position exit names /amount)', async () => {
    const staked = await setup.call('POST', '/v1/provider/ethereum/stakes', {
      source: { type: 'account', id: setup.accounts.ETHEREUM! },
      validator: { address: validator },
      amount: '2',
      idempotenceId: nextId(),
    })
    expect(staked.statusCode, staked.body).toBe(201)
    const positionId = staked.json().data.positions[0].positionId
    const session = await setup.gateway.app.sessions.sessionFor(setup.client.clientId, setup.connectionId)
    await session.advancePosition!(positionId, 'activate')
    const response = await setup.call('POST', '/v1/provider/ethereum/unstakes', {
      source: { type: 'account', id: setup.accounts.ETHEREUM! },
      stakePositionId: positionId,
      amount: '1',
      networkId: 'ETHEREUM',
      idempotenceId: nextId(),
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', context: { path: '/amount' } })
  })
})

describe('a transfer’s provider pointers', () => {
  const refusal = (path: string) =>
    pointingIntoBody(new ProviderError('INVALID_REQUEST', 'refused', { path }), transferPointers)

  it('maps the provider input’s members to the body’s', () => {
    expect((refusal('/source/accountExternalId') as ProviderError).details.path).toBe('/source/id')
    expect((refusal('/networkId') as ProviderError).details.path).toBe('/source/id')
    expect((refusal('/destinationAddress') as ProviderError).details.path).toBe('/destination')
    expect((refusal('/asset/contractAddress') as ProviderError).details.path).toBe('/asset')
    expect((refusal('/amount') as ProviderError).details.path).toBe('/amount')
  })

  it('names the whole body for the transaction the provider built, which the client did not send', () => {
    expect((refusal('/transaction/gasLimit') as ProviderError).details.path).toBe('')
    expect((refusal('/amountsAll') as ProviderError).details.path).toBe('')
  })
})

describe('an exit’s provider pointers', () => {
  const refusal = (body: { stakePositionId?: string }) =>
    pointingIntoBody(
      new ProviderError('NOT_FOUND', 'Position not found', { path: '/stakePositionId' }),
      unstakePointers(body),
    ) as ProviderError

  it('names the member the body chose the position by', () => {
    expect(refusal({ stakePositionId: 'pos_1' }).details.path).toBe('/stakePositionId')
    expect(refusal({}).details.path).toBe('/validatorAddress')
  })
})
