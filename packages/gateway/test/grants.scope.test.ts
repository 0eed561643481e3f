import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { createLocalProvider } from '../src/providers'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { approve, issueToken, openPage, startGrant, submitForm } from './grantsFlow'
import { policy, testMnemonic } from './support/signingClient'
import { createTestConnection, encryptCredentials, signedInject, testScrypt } from './support/testGateway'
import { useSigningGateway, useTestClient, useTestGateway } from './support/useTestGateway'

describe("a grant's networks", () => {
  const setup = useSigningGateway({
    policies: [policy('permit-messages', 'permit', [{ criterion: 'checkAction', args: ['signMessage'] }])],
  })

  type Connection = { connectionId: string; accounts: Record<string, string> }
  const signMessage = (
    network: string,
    accessToken: string,
    idempotenceId: string,
    connection: Connection = setup,
  ) =>
    signedInject(setup.gateway, setup.client, {
      method: 'POST',
      url: '/v1/provider/evm/sign-message',
      body: {
        data: 'Granted?',
        source: { type: 'account', id: connection.accounts[network]! },
        idempotenceId,
      },
      headers: { 'x-connection-id': connection.connectionId },
      accessToken,
    })

  /** Another connection holding the test mnemonic: a continued grant places its connections under its user. */
  async function anotherConnection(): Promise<Connection> {
    const encryptedCredentials = await encryptCredentials(setup.gateway, setup.client, {
      passphrase: `correct horse battery staple ${randomUUID()}`,
      mnemonic: testMnemonic,
    })
    const created = await signedInject(setup.gateway, setup.client, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'local', label: 'Another', encryptedCredentials },
    })
    const { connectionId } = created.json().data
    const listed = await signedInject(setup.gateway, setup.client, {
      method: 'GET',
      url: '/v1/provider/accounts?limit=100',
      headers: { 'x-connection-id': connectionId },
    })
    const accounts: Record<string, string> = {}
    for (const account of listed.json().data as { accountId: string; networkId: string }[]) {
      accounts[account.networkId] = account.accountId
    }
    return { connectionId, accounts }
  }

  it('narrow the token to the networks named: signing on another one is refused, and nothing is recorded', async () => {
    const token = await issueToken(setup.gateway, setup.client, [setup.connectionId], ['evm:sign'], {
      networks: ['ETHEREUM'],
    })
    const onEthereum = await signMessage('ETHEREUM', token.value, 'networks-1')
    expect(onEthereum.statusCode, onEthereum.body).toBe(201)
    expect(onEthereum.json().data.status).toBe('signed')

    const onPolygon = await signMessage('POLYGON', token.value, 'networks-2')
    expect(onPolygon.statusCode).toBe(403)
    expect(onPolygon.json()).toMatchObject({
      code: 'GRANT_NETWORK_NOT_COVERED',
      context: { networkId: 'POLYGON' },
    })
    const recorded = await setup.gateway.app.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.idempotenceId, 'networks-2'))
    expect(recorded).toEqual([])
  })

  it('as a category, cover every network of that type', async () => {
    const evm = await anotherConnection()
    const token = await issueToken(setup.gateway, setup.client, [evm.connectionId], ['evm:sign'], {
      networks: 'evm',
    })
    expect((await signMessage('POLYGON', token.value, 'networks-3', evm)).statusCode).toBe(201)
    const bitcoin = await anotherConnection()
    const bitcoinOnly = await issueToken(setup.gateway, setup.client, [bitcoin.connectionId], ['evm:sign'], {
      networks: 'bitcoin',
    })
    expect((await signMessage('ETHEREUM', bitcoinOnly.value, 'networks-4', bitcoin)).json().code).toBe(
      'GRANT_NETWORK_NOT_COVERED',
    )
  })
})

describe("a grant's networks, on approvals", () => {
  const setup = useSigningGateway({
    policies: [
      policy('messages-approved-by-bob', 'permit', [
        { criterion: 'checkAction', args: ['signMessage'] },
        {
          criterion: 'checkApprovals',
          args: [{ approvalCount: 1, approvalEntityType: 'user', entityIds: ['bob'], countPrincipal: false }],
        },
      ]),
    ],
  })

  it('an approval made with a token is refused on a network its grant did not enable, and nothing is signed', async () => {
    // Made before the connection comes under the grant below, so with the client's signature alone.
    const created = await signedInject(setup.gateway, setup.client, {
      method: 'POST',
      url: '/v1/provider/evm/sign-message',
      body: {
        data: 'Approved?',
        source: { type: 'account', id: setup.accounts.POLYGON! },
        idempotenceId: 'approve-networks-1',
      },
      headers: { 'x-connection-id': setup.connectionId },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { requestId, status } = created.json().data
    expect(status).toBe('pending_approval')

    const ethereumOnly = await issueToken(
      setup.gateway,
      setup.client,
      [setup.connectionId],
      ['requests:approve'],
      {
        networks: ['ETHEREUM'],
      },
    )
    const approval = await signApproval(setup.approvers.bob!.privateJwk, {
      clientId: setup.client.clientId,
      kind: 'evm.signMessage',
      requestId,
    })
    const approved = await signedInject(setup.gateway, setup.client, {
      method: 'POST',
      url: `/v1/provider/evm/sign-message/${requestId}/approve`,
      body: { approval },
      headers: { 'x-connection-id': setup.connectionId },
      accessToken: ethereumOnly.value,
    })
    expect(approved.statusCode, approved.body).toBe(403)
    expect(approved.json()).toMatchObject({
      code: 'GRANT_NETWORK_NOT_COVERED',
      context: { networkId: 'POLYGON' },
    })
    const [row] = await setup.gateway.app.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.idempotenceId, 'approve-networks-1'))
    expect(row?.status).toBe('pending_approval')
    expect(row?.approvals).toEqual([])
  })
})

describe("a grant's providers", () => {
  // The local provider, declared a sandbox here.
  const gateway = useTestGateway(
    {},
    { providers: [createLocalProvider({ scrypt: testScrypt, environment: 'sandbox' })] },
  )
  const client = useTestClient(gateway)
  let sandboxConnection: string
  beforeAll(async () => {
    sandboxConnection = (await createTestConnection(gateway, client)).connectionId
  })

  it('offer only connections of the environments they enable (production by default)', async () => {
    const production = await startGrant(gateway, client)
    const { page, form } = await openPage(gateway, production.pagePath)
    expect(page.body).not.toContain(sandboxConnection)
    const picked = await submitForm(gateway, production.pagePath, {
      ...form,
      decision: 'approve',
      connections: [sandboxConnection],
    })
    expect(picked.statusCode).toBe(422)

    for (const providers of ['sandbox', 'all']) {
      const started = await startGrant(gateway, client, { providers })
      expect((await openPage(gateway, started.pagePath)).page.body).toContain(sandboxConnection)
      expect((await approve(gateway, started, [sandboxConnection])).interactRef).not.toBe('')
    }
  })
})
