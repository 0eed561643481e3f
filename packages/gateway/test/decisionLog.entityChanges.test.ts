import { applyEntityChangesToDocument, type EntityChange, emptyEntities } from '@rampart/entities'
import { type DecisionLogEntry, hashRequest, verifyLogChain } from '@rampart/evaluator'
import { describe, expect, it } from 'vitest'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const account = (i: number) => ({
  id: `Vault-${i}`,
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  accountType: 'eoa',
  chainId: 1,
})
const organization = (accounts: number) => ({
  ...emptyEntities(),
  users: [{ id: 'Alice', role: 'admin' }],
  accounts: Array.from({ length: accounts }, (_, i) => account(i)),
  userAccounts: Array.from({ length: accounts }, (_, i) => ({ userId: 'alice', accountId: `vault-${i}` })),
})

const gateway = useTestGateway()
const client = useTestClient(gateway, undefined, { entities: organization(5) })

const patchEntities = async (entities: object) => {
  const response = await gateway.app.inject({
    method: 'PATCH',
    url: `/v1/admin/clients/${client.clientId}`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
    payload: { entities },
  })
  expect(response.statusCode, response.body).toBe(200)
}

async function entityEntries() {
  const response = await gateway.app.inject({
    method: 'GET',
    url: `/v1/admin/clients/${client.clientId}/log`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
  })
  expect(verifyLogChain(response.body).broken).toBeUndefined()
  return response.body
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as DecisionLogEntry)
    .filter((entry) => entry.kind === 'entities.changed')
}

describe('entities.changed entries', () => {
  it('carry the entity changes when they rebuild the organization, which each entry hashes, else the whole', async () => {
    const edited = organization(5)
    edited.accounts[2] = { ...account(2), chainId: 137 } as never
    await patchEntities(edited)
    const appended = structuredClone(edited)
    appended.accounts.push(account(5))
    appended.userAccounts.push({ userId: 'alice', accountId: 'vault-5' })
    await patchEntities(appended)
    const removed = structuredClone(appended)
    removed.accounts.splice(0, 1)
    removed.userAccounts.splice(0, 1)
    await patchEntities(removed)
    // An account between others: entity changes would add it at the end, which is another document.
    const inserted = structuredClone(removed)
    inserted.accounts.splice(1, 0, account(9))
    await patchEntities(inserted)

    const entries = await entityEntries()
    expect(entries.map((entry) => (entry.change?.entityChanges ? 'changes' : 'whole'))).toEqual([
      'whole',
      'changes',
      'changes',
      'changes',
      'whole',
    ])
    expect(entries[1]!.change!.entityChanges).toEqual([
      { op: 'put', collection: 'accounts', entity: { ...account(2), chainId: 137 } },
    ])
    expect(entries[3]!.change!.entityChanges!.map((change) => [change.op, change.collection])).toEqual([
      ['remove', 'userAccounts'],
      ['remove', 'accounts'],
    ])
    // What an auditor does with an export: each version rebuilt from the last whole one, checked by its hash.
    let rebuilt: Record<string, unknown> | undefined
    for (const entry of entries) {
      const { entities, entityChanges } = entry.change!
      rebuilt = entities ?? applyEntityChangesToDocument(rebuilt!, entityChanges as EntityChange[])
      expect(hashRequest(rebuilt), `entry ${entry.seq}`).toBe(entry.state!.entitiesHash)
    }
    expect(rebuilt).toEqual(inserted)
    expect(entries[4]!.change!.entities).toEqual(inserted)
  })
})
