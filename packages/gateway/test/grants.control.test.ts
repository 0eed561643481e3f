import { describe, expect, it } from 'vitest'
import { approve, continueGrant, issueToken, openPage, startGrant, submitForm } from './grantsFlow'
import { createTestConnection, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
const client = useTestClient(gateway)

const readAccounts = (connectionId: string, token: string) =>
  signedInject(gateway, client, {
    method: 'GET',
    url: '/v1/provider/accounts',
    headers: { 'x-connection-id': connectionId },
    accessToken: token,
  })

describe('a connection under a user grant', () => {
  it('is not offered to another grant: the client cannot approve itself more rights than the user gave', async () => {
    const connectionId = (await createTestConnection(gateway, client)).connectionId
    const userToken = await issueToken(gateway, client, [connectionId], ['wallets:read'])
    expect((await readAccounts(connectionId, userToken.value)).json().code).toBe('GRANT_ACTION_NOT_COVERED')

    // The client opens the link of a grant of its own and picks the user's connection.
    const started = await startGrant(gateway, client, {
      access_token: { access: [{ type: 'connection', actions: ['accounts:read', 'evm:sign'] }] },
    })
    const { page, form } = await openPage(gateway, started.pagePath)
    expect(page.body).not.toContain(connectionId)
    const picked = await submitForm(gateway, started.pagePath, {
      ...form,
      decision: 'approve',
      connections: [connectionId],
    })
    expect(picked.statusCode).toBe(422)
    const continued = await continueGrant(gateway, client, started.continuation, 'rampart-ir-none')
    expect(continued.json().code).toBe('GRANT_PENDING')
  })

  it('placed under one grant while another waited to continue is not given to the other as well', async () => {
    const connectionId = (await createTestConnection(gateway, client)).connectionId
    const actions = (list: string[]) => ({
      access_token: { access: [{ type: 'connection', actions: list }] },
    })
    const users = await startGrant(gateway, client, actions(['wallets:read']))
    const clients = await startGrant(gateway, client, actions(['accounts:read', 'evm:sign']))
    const usersApproval = await approve(gateway, users, [connectionId])
    const clientsApproval = await approve(gateway, clients, [connectionId])
    const first = await continueGrant(gateway, client, users.continuation, usersApproval.interactRef)
    expect(first.statusCode, first.body).toBe(201)

    const second = await continueGrant(gateway, client, clients.continuation, clientsApproval.interactRef)
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({
      code: 'GRANT_CONNECTION_UNDER_GRANT',
      context: { connectionIds: [connectionId] },
    })
    expect((await readAccounts(connectionId, first.json().access_token.value)).statusCode).toBe(403)
  })

  it('gives a connection to one of two grants continued at the same time', async () => {
    const connectionId = (await createTestConnection(gateway, client)).connectionId
    const started = await Promise.all([startGrant(gateway, client), startGrant(gateway, client)])
    const approvals: Awaited<ReturnType<typeof approve>>[] = []
    for (const grant of started) approvals.push(await approve(gateway, grant, [connectionId]))
    const responses = await Promise.all(
      started.map((grant, i) =>
        continueGrant(gateway, client, grant.continuation, approvals[i]!.interactRef),
      ),
    )
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409])
  })
})

describe('the rights of a token', () => {
  it('holds on each picked connection only the actions of the rights that name it (or name none)', async () => {
    const signing = (await createTestConnection(gateway, client, { label: 'Signing' })).connectionId
    const reading = (await createTestConnection(gateway, client, { label: 'Reading' })).connectionId
    const started = await startGrant(gateway, client, {
      access_token: {
        access: [
          { type: 'connection', actions: ['wallets:read'], locations: [signing, reading] },
          { type: 'connection', actions: ['evm:sign'], locations: [signing] },
        ],
      },
    })
    const { interactRef } = await approve(gateway, started, [signing, reading])
    const continued = await continueGrant(gateway, client, started.continuation, interactRef)
    expect(continued.statusCode, continued.body).toBe(201)
    const token = continued.json().access_token
    expect(token.access).toEqual([
      {
        type: 'connection',
        actions: ['wallets:read', 'evm:sign'],
        locations: [signing],
        identifier: signing,
      },
      { type: 'connection', actions: ['wallets:read'], locations: [reading], identifier: reading },
    ])
    const signOnReading = await signedInject(gateway, client, {
      method: 'POST',
      url: '/v1/provider/evm/sign-message',
      body: { data: 'Not asked for', source: { type: 'account', id: 'any' }, idempotenceId: 'rights-1' },
      headers: { 'x-connection-id': reading },
      accessToken: token.value,
    })
    expect(signOnReading.statusCode).toBe(403)
    expect(signOnReading.json().code).toBe('GRANT_LOCATION_NOT_COVERED')
  })
})
