import { keccak256, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { policy, testAddress } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

/** The Ethereum account: the policies let it sign nothing off-chain. Its key also signs for every other chain. */
const ethereumAccount = `eip155:1:${testAddress}`

const setup = useSigningGateway({
  policies: [
    policy('ethereum-signs-nothing-off-chain', 'forbid', [
      { criterion: 'checkAction', args: ['signMessage', 'signTypedData', 'signRaw'] },
      { criterion: 'checkResource', args: [ethereumAccount] },
    ]),
    policy('permit-signatures', 'permit', [
      { criterion: 'checkAction', args: ['signMessage', 'signTypedData', 'signRaw'] },
    ]),
  ],
})

const polygon = () => ({ type: 'account', id: setup.accounts.POLYGON! })

function mail(domain: Record<string, unknown>) {
  return {
    domain: { name: 'Orders', ...domain },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        ...('chainId' in domain ? [{ name: 'chainId', type: 'uint256' }] : []),
      ],
      Order: [{ name: 'amount', type: 'uint256' }],
    },
    primaryType: 'Order',
    message: { amount: '1000' },
  }
}

describe('a signature valid on every chain', () => {
  it('asked through another chain’s account is decided for every account of the key: typed data without a chainId', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: mail({}),
      source: polygon(),
      idempotenceId: 'chainless-typed-data',
    })
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().context.evaluation.decision.decidingPolicy).toBe(
      'ethereum-signs-nothing-off-chain',
    )
  })

  it('a personal message and a raw digest, which no chain binds either', async () => {
    const message = await setup.call('POST', '/v1/provider/evm/sign-message', {
      data: 'I agree',
      source: polygon(),
      idempotenceId: 'chainless-message',
    })
    expect(message.statusCode, message.body).toBe(403)
    const raw = await setup.call('POST', '/v1/provider/sign-raw', {
      data: [{ content: keccak256(toHex('any transaction of any chain')) }],
      source: polygon(),
      algorithm: 'secp256k1_ecdsa',
      idempotenceId: 'chainless-raw',
    })
    expect(raw.statusCode, raw.body).toBe(403)
    expect(setup.calls.signMessage ?? 0).toBe(0)
    expect(setup.calls.signRaw ?? 0).toBe(0)
  })

  it('but typed data bound to the account’s own chain is decided for that account alone', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: mail({ chainId: 137 }),
      source: polygon(),
      idempotenceId: 'polygon-typed-data',
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})
