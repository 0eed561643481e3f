import { applyEntityChangesToDocument, type EntityChange, emptyEntities } from '@rampart/entities'
import { type DecisionLogEntry, hashRequest } from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { organizationChanges } from '../src/core/database/organizationSchema'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const account = (i: number) => ({
  id: `Vault-${i}`,
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  accountType: 'eoa',
  chainId: 1,
})
const organization = {
  ...emptyEntities(),
  users: [{ id: 'Alice', role: 'admin' }],
  accounts: [account(0), account(1)],
  userAccounts: [
    { userId: 'Alice', accountId: 'Vault-0' },
    { userId: 'Alice', accountId: 'Vault-1' },
  ],
}

const gateway = useTestGateway()
const client = useTestClient(gateway, undefined, { entities: organization })

const change = (changes: unknown, clientId = client.clientId, key = gateway.config.adminApiKey) =>
  gateway.app.inject({
    method: 'POST',
    url: `/v1/admin/clients/${clientId}/entity-changes`,
    headers: { 'x-api-key': key },
    payload: { changes } as object,
  })

async function storedOrganization() {
  const response = await gateway.app.inject({
    method: 'GET',
    url: `/v1/admin/clients/${client.clientId}`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
  })
  return response.json().data.entities as Record<string, unknown>
}

async function logEntries() {
  const response = await gateway.app.inject({
    method: 'GET',
    url: `/v1/admin/clients/${client.clientId}/log`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
  })
  return response.body
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as DecisionLogEntry)
}

describe('POST /v1/admin/clients/{id}/entity-changes', () => {
  it('puts and removes entities where they stand, logs the changes and stores them beside the parts', async () => {
    const renamed = { ...account(0), chainId: 137 }
    const response = await change([
      { op: 'put', collection: 'accounts', entity: account(2) },
      { op: 'put', collection: 'userAccounts', entity: { userId: 'alice', accountId: 'vault-2' } },
      { op: 'put', collection: 'accounts', entity: renamed },
      { op: 'remove', collection: 'userAccounts', entity: { userId: 'ALICE', accountId: 'vault-1' } },
      { op: 'remove', collection: 'accounts', id: 'VAULT-1' },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const expected = {
      ...organization,
      accounts: [renamed, account(2)],
      userAccounts: [
        { userId: 'Alice', accountId: 'Vault-0' },
        { userId: 'alice', accountId: 'vault-2' },
      ],
    }
    expect(response.json().data).toEqual({
      clientId: client.clientId,
      changes: 5,
      entitiesHash: hashRequest(expected),
      updatedAt: expect.any(String),
    })
    expect(await storedOrganization()).toEqual(expected)
    const entries = await logEntries()
    expect(entries.at(-1)).toMatchObject({
      kind: 'entities.changed',
      change: {
        entityChanges: expect.arrayContaining([{ op: 'remove', collection: 'accounts', id: 'VAULT-1' }]),
      },
      state: { entitiesHash: hashRequest(expected) },
    })
    const kept = await gateway.database.db
      .select()
      .from(organizationChanges)
      .where(eq(organizationChanges.clientId, client.clientId))
    expect(kept.map((row) => row.count)).toEqual([5])
    // The gateway decides with the new organization at once.
    const decidedWith = await gateway.app.clientPolicies.organizationOf(client.clientId)
    expect(decidedWith.accounts?.map((entity) => entity.id).sort()).toEqual(['Vault-0', 'Vault-2'])
  })

  it('refuses the whole list when one change is invalid, naming it, and changes nothing', async () => {
    const before = await storedOrganization()
    const entriesBefore = (await logEntries()).length
    const dangling = await change([
      { op: 'put', collection: 'accounts', entity: account(3) },
      { op: 'put', collection: 'userAccounts', entity: { userId: 'bob', accountId: 'vault-3' } },
    ])
    expect(dangling.statusCode).toBe(422)
    expect(dangling.json().code).toBe('CLIENT_INVALID')
    expect(dangling.json().context.issues).toEqual([
      expect.objectContaining({ path: '/changes/1/entity/userId', keyword: 'dangling-reference' }),
    ])
    const stillLinked = await change([{ op: 'remove', collection: 'users', id: 'alice' }])
    expect(stillLinked.statusCode).toBe(422)
    expect(stillLinked.json().context.issues[0].path).toMatch(/^\/changes\/0/)
    const malformed = await change([{ op: 'delete', collection: 'accounts', id: 'vault-0' }])
    expect(malformed.statusCode).toBe(422)
    expect(JSON.stringify(malformed.json().context)).toContain('/changes/0/op')
    expect((await change([])).statusCode).toBe(422)
    expect(await storedOrganization()).toEqual(before)
    expect(await logEntries()).toHaveLength(entriesBefore)
    // Checked against the index the gateway decides with, which holds what it held: the first change is undone.
    const decidedWith = await gateway.app.clientPolicies.organizationOf(client.clientId)
    expect(decidedWith.accounts?.map((entity) => entity.id)).not.toContain('Vault-3')
    const put = [{ op: 'put', collection: 'accounts', entity: account(3) }]
    const version = new Date(
      (
        await gateway.app.inject({
          method: 'GET',
          url: `/v1/admin/clients/${client.clientId}`,
          headers: { 'x-api-key': gateway.config.adminApiKey },
        })
      ).json().data.updatedAt,
    )
    await gateway.app.clientPolicies.forClient(client.clientId)
    expect(gateway.app.clientPolicies.checkEntityChanges(client.clientId, version, put)).toEqual({
      valid: true,
      changed: true,
    })
    expect(gateway.app.clientPolicies.checkEntityChanges(client.clientId, new Date(0), put)).toBeUndefined()
    const stillDecidedWith = await gateway.app.clientPolicies.organizationOf(client.clientId)
    expect(stillDecidedWith.accounts?.map((entity) => entity.id)).not.toContain('Vault-3')
  })

  it('applies changes sent at once one after the other: none is lost, and the log rebuilds what is stored', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        change([{ op: 'put', collection: 'accounts', entity: account(10 + i) }]),
      ),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200))
    const stored = await storedOrganization()
    expect((stored.accounts as { id: string }[]).map((entity) => entity.id).sort()).toEqual(
      ['Vault-0', 'Vault-2', ...Array.from({ length: 8 }, (_, i) => `Vault-${10 + i}`)].sort(),
    )
    let rebuilt: Record<string, unknown> | undefined
    for (const entry of (await logEntries()).filter((entry) => entry.kind === 'entities.changed')) {
      const { entities, entityChanges } = entry.change!
      rebuilt = entities ?? applyEntityChangesToDocument(rebuilt!, entityChanges as EntityChange[])
      expect(hashRequest(rebuilt)).toBe(entry.state!.entitiesHash)
    }
    expect(rebuilt).toEqual(stored)
  })

  it('answers 404 for an unknown client and 401 without the admin key', async () => {
    const put = [{ op: 'put', collection: 'accounts', entity: account(4) }]
    expect((await change(put, 'no-such-client')).statusCode).toBe(404)
    expect((await change(put, client.clientId, 'wrong-key')).statusCode).toBe(401)
  })
})
