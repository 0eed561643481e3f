import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { policy } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const setup = useSigningGateway({
  policies: [
    policy('permit-all', 'permit', [{ criterion: 'checkAction', args: ['signMessage', 'signTypedData'] }]),
  ],
})

const source = () => ({ type: 'account', id: setup.accounts.ETHEREUM! })
const recorded = async () => {
  const [row] = await setup.gateway.app.db
    .select({ value: count() })
    .from(signingRequests)
    .where(eq(signingRequests.clientId, setup.client.clientId))
  return row?.value
}

describe('a body holding a NUL character', () => {
  it('is refused with a 422 and a JSON Pointer, never a 500, and records nothing', async () => {
    const message = await setup.call('POST', '/v1/provider/evm/sign-message', {
      data: 'pay\u0000 attention',
      source: source(),
      idempotenceId: 'nul-message',
    })
    expect(message.statusCode, message.body).toBe(422)
    expect(message.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      context: { issues: [{ path: '/data' }] },
    })

    const typedData = await setup.call('POST', '/v1/provider/evm/sign-typed-data', {
      data: {
        domain: { name: 'Mail', chainId: 1 },
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ],
          Mail: [{ name: 'contents', type: 'string' }],
        },
        primaryType: 'Mail',
        message: { contents: 'hello\u0000' },
      },
      source: source(),
      idempotenceId: 'nul-typed-data',
    })
    expect(typedData.statusCode, typedData.body).toBe(422)
    expect(typedData.json().context.issues).toEqual([
      expect.objectContaining({ path: '/data/message/contents' }),
    ])
    expect(await recorded()).toBe(0)
  })

  it('can still sign those bytes as a raw message', async () => {
    const raw = `0x${Buffer.from('pay\u0000 attention').toString('hex')}`
    const response = await setup.call('POST', '/v1/provider/evm/sign-message', {
      data: { raw },
      source: source(),
      idempotenceId: 'nul-raw',
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})
