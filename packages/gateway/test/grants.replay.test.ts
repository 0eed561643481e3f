import { describe, expect, it } from 'vitest'
import { issueToken } from './grantsFlow'
import { policy } from './support/signingClient'
import { signedInject } from './support/testGateway'
import { useSigningGateway } from './support/useTestGateway'

// A create whose idempotence key is recorded answers with its record before anything is planned again: the grant
// of the token that asks must still cover the network the record signed on.
describe('a replayed create, under a grant', () => {
  const setup = useSigningGateway({
    policies: [policy('permit-messages', 'permit', [{ criterion: 'checkAction', args: ['signMessage'] }])],
  })

  const signMessage = (accessToken?: string) =>
    signedInject(setup.gateway, setup.client, {
      method: 'POST',
      url: '/v1/provider/evm/sign-message',
      body: {
        data: 'Replayed under a narrower grant?',
        source: { type: 'account', id: setup.accounts.POLYGON! },
        idempotenceId: 'replay-under-grant-1',
      },
      headers: { 'x-connection-id': setup.connectionId },
      ...(accessToken === undefined ? {} : { accessToken }),
    })

  it('is refused when the token does not cover the network the record signed on', async () => {
    // Signed on Polygon before the connection was granted to anyone: no token narrows it.
    const created = await signMessage()
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().data.status).toBe('signed')

    const ethereumOnly = await issueToken(setup.gateway, setup.client, [setup.connectionId], ['evm:sign'], {
      networks: ['ETHEREUM'],
    })
    const replayed = await signMessage(ethereumOnly.value)
    expect(replayed.statusCode, replayed.body).toBe(403)
    expect(replayed.json()).toMatchObject({
      code: 'GRANT_NETWORK_NOT_COVERED',
      context: { networkId: 'POLYGON' },
    })
  })
})
