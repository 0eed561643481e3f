import { describe, expect, it } from 'vitest'
import type { EntityChange } from './applyEntityChanges'
import {
  applyEntityChangesToDocument,
  applyEntityChangesToDocumentInSteps,
} from './applyEntityChangesToDocument'
import { emptyEntities } from './emptyEntities'
import { entityChangesBetween } from './entityChangesBetween'
import { entityChangesWithOrderInSteps } from './entityChangesWithOrder'
import { runToEnd } from './steps'

const account = (i: number, id = `Acct-${i}`) => ({
  id,
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  accountType: 'eoa',
  chainId: 1,
})

function organization(accounts: number): Record<string, unknown> {
  return {
    $schema: 'https://rampart.dev/schemas/entities/entities.schema.json',
    ...emptyEntities(),
    users: [{ id: 'Alice', role: 'member' }],
    accounts: Array.from({ length: accounts }, (_, i) => account(i)),
    accountGroups: [{ id: 'vault' }],
    accountGroupMembers: Array.from({ length: accounts }, (_, i) => ({
      accountId: `Acct-${i}`,
      groupId: 'vault',
    })),
  }
}

const listOf = (document: Record<string, unknown>, collection: string) => document[collection] as unknown[]

describe('applyEntityChangesToDocument', () => {
  it('replaces a put entity where it stands, matching its id in any case', () => {
    const before = organization(3)
    const renamed = { ...account(1, 'ACCT-1'), label: 'hot' }
    const after = applyEntityChangesToDocument(before, [
      { op: 'put', collection: 'accounts', entity: renamed },
    ])
    expect(listOf(after, 'accounts')).toEqual([account(0), renamed, account(2)])
    expect(listOf(before, 'accounts')[1]).toEqual(account(1))
  })

  it('adds a new entity at the end of its collection and takes removed ones out', () => {
    const before = organization(4)
    const after = applyEntityChangesToDocument(before, [
      { op: 'remove', collection: 'accountGroupMembers', entity: { accountId: 'acct-2', groupId: 'VAULT' } },
      { op: 'remove', collection: 'accounts', id: 'acct-2' },
      { op: 'put', collection: 'accounts', entity: account(9) },
    ])
    expect(listOf(after, 'accounts')).toEqual([account(0), account(1), account(3), account(9)])
    expect(listOf(after, 'accountGroupMembers')).toHaveLength(3)
    expect(listOf(after, 'accountGroupMembers')).not.toContainEqual({ accountId: 'Acct-2', groupId: 'vault' })
  })

  it('applies the changes in order: a removed key put again comes back at the end', () => {
    const before = organization(3)
    const changes: EntityChange[] = [
      { op: 'remove', collection: 'accounts', id: 'Acct-0' },
      { op: 'put', collection: 'accounts', entity: account(0) },
      { op: 'put', collection: 'accounts', entity: account(7) },
      { op: 'remove', collection: 'accounts', id: 'acct-7' },
    ]
    expect(listOf(applyEntityChangesToDocument(before, changes), 'accounts')).toEqual([
      account(1),
      account(2),
      account(0),
    ])
  })

  it('keeps the members other than collections, and shares the collections no change touches', () => {
    const before = organization(2)
    const after = applyEntityChangesToDocument(before, [{ op: 'remove', collection: 'users', id: 'nobody' }])
    expect(after.$schema).toBe(before.$schema)
    expect(after.accounts).toBe(before.accounts)
    expect(after.users).toEqual(before.users)
  })

  it('gives back the document entityChangesBetween compared, when it was edited in place or at the end', () => {
    const before = organization(10)
    const after = structuredClone(before) as Record<string, Record<string, unknown>[]>
    after.accounts![4] = { ...account(4), label: 'cold' }
    after.accounts!.splice(6, 1)
    after.accountGroupMembers!.splice(6, 1)
    after.accounts!.push(account(20))
    after.accountGroupMembers!.push({ accountId: 'Acct-20', groupId: 'vault' })
    after.users!.push({ id: 'Bob', role: 'admin' })
    const changes = entityChangesBetween(before, after)!
    expect(applyEntityChangesToDocument(before, changes)).toEqual(after)
  })

  it('pauses every few thousand entities it files', () => {
    const steps = applyEntityChangesToDocumentInSteps(organization(10_000), [
      { op: 'put', collection: 'accounts', entity: account(10_000) },
    ])
    let pauses = 0
    while (!steps.next().done) pauses++
    expect(pauses).toBeGreaterThanOrEqual(4)
    expect(
      listOf(
        runToEnd(
          applyEntityChangesToDocumentInSteps(organization(10_000), [
            { op: 'put', collection: 'accounts', entity: account(10_000) },
          ]),
        ),
        'accounts',
      ),
    ).toHaveLength(10_001)
  })
})

describe('entityChangesWithOrderInSteps', () => {
  const compared = (before: Record<string, unknown>, after: Record<string, unknown>) =>
    runToEnd(entityChangesWithOrderInSteps(before, after))

  it('is exact for entities edited where they stand, added at the end and removed', () => {
    const before = organization(6)
    const after = structuredClone(before) as Record<string, Record<string, unknown>[]>
    after.accounts![2] = { ...account(2), label: 'cold' }
    after.accounts!.splice(4, 1)
    after.accountGroupMembers!.splice(4, 1)
    after.accounts!.push(account(9))
    const result = compared(before, after)
    expect(result?.exact).toBe(true)
    expect(result?.changes).toHaveLength(4)
  })

  it('is not exact for an entity inserted between others, or a collection reordered', () => {
    const before = organization(6)
    const inserted = structuredClone(before) as Record<string, Record<string, unknown>[]>
    inserted.accounts!.splice(1, 0, account(9))
    expect(compared(before, inserted)?.exact).toBe(false)
    const reordered = { ...before, accounts: [...(before.accounts as unknown[])].reverse() }
    expect(compared(before, reordered)).toEqual({ changes: [], exact: false })
  })

  it('is undefined when a member other than the collections changed', () => {
    expect(compared(organization(2), { ...organization(2), $schema: 'other' })).toBeUndefined()
  })
})
