import { describe, expect, it } from 'vitest'
import { applyEntityChanges } from './applyEntityChanges'
import { emptyEntities } from './emptyEntities'
import { entityChangesBetween, entityChangesBetweenInSteps, sameJson } from './entityChangesBetween'
import { MutableEntityIndex } from './mutableEntityIndex'
import { loadEntities } from './validateEntities'

const account = (i: number) => ({
  id: `acct-${i}`,
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  accountType: 'eoa',
  chainId: 1,
})

function organization(accounts: number) {
  return {
    ...emptyEntities(),
    users: [
      { id: 'alice', role: 'member' },
      { id: 'bob', role: 'admin' },
    ],
    accounts: Array.from({ length: accounts }, (_, i) => account(i)),
    accountGroups: [{ id: 'vault' }],
    userAccounts: Array.from({ length: accounts }, (_, i) => ({ userId: 'alice', accountId: `acct-${i}` })),
    accountGroupMembers: Array.from({ length: accounts }, (_, i) => ({
      accountId: `acct-${i}`,
      groupId: 'vault',
    })),
  } as unknown as Record<string, unknown[]>
}

/** Each collection as a sorted list of JSON texts: what two documents of the same organization share (the test's
 * entities are written with their keys in one order). */
const sorted = (document: object) =>
  Object.fromEntries(
    Object.entries(document).map(([name, items]) => [
      name,
      (items as unknown[]).map((item) => JSON.stringify(item)).sort(),
    ]),
  )

/** The changes applied to the index of `before`, which must then hold `after`. */
function expectLeadsTo(before: Record<string, unknown[]>, after: Record<string, unknown[]>) {
  const changes = entityChangesBetween(before, after)
  expect(changes).toBeDefined()
  const index = new MutableEntityIndex(loadEntities(before as never, { kind: 'full' }).index!.entities)
  const result = applyEntityChanges(index, changes!)
  expect(result.valid, JSON.stringify(result)).toBe(true)
  expect(sorted(index.entities)).toEqual(sorted(after))
  return changes!
}

describe('entityChangesBetween', () => {
  it('finds nothing between a document and itself with its keys reordered (as jsonb returns it)', () => {
    const before = organization(5)
    const reordered = JSON.parse(JSON.stringify(before), (_key, value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    )
    expect(entityChangesBetween(before, reordered)).toEqual([])
  })

  it('puts an added account before its links, and removes links before the account they name', () => {
    const before = organization(5)
    const after = organization(6)
    expect(expectLeadsTo(before, after)).toEqual([
      { op: 'put', collection: 'accounts', entity: account(5) },
      { op: 'put', collection: 'userAccounts', entity: { userId: 'alice', accountId: 'acct-5' } },
      { op: 'put', collection: 'accountGroupMembers', entity: { accountId: 'acct-5', groupId: 'vault' } },
    ])
    expect(expectLeadsTo(after, before).map((change) => [change.op, change.collection])).toEqual([
      ['remove', 'userAccounts'],
      ['remove', 'accountGroupMembers'],
      ['remove', 'accounts'],
    ])
  })

  it('finds a change in the middle of a collection, and an entity whose id changed case only', () => {
    const before = organization(100)
    const after = organization(100)
    after.accounts![40] = { ...account(40), accountType: '4337' }
    after.users![1] = { id: 'BOB', role: 'admin' }
    after.accountGroupMembers!.splice(70, 1)
    const changes = expectLeadsTo(before, after)
    expect(changes).toHaveLength(3)
    expect(changes).toContainEqual({ op: 'put', collection: 'users', entity: { id: 'BOB', role: 'admin' } })
  })

  it('removes a credential before the user it names, and puts a user before their credential', () => {
    const key = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', alg: 'EdDSA' }
    const before = organization(1)
    const after = {
      ...organization(1),
      users: [...organization(1).users!, { id: 'carol', role: 'member' }],
      credentials: [{ id: 'carol-key', userId: 'carol', key }],
    }
    expect(expectLeadsTo(before, after).map((change) => change.collection)).toEqual(['users', 'credentials'])
    expect(expectLeadsTo(after, before).map((change) => change.collection)).toEqual(['credentials', 'users'])
  })

  it('pauses every few thousand entities in steps, and finds the same changes', () => {
    const before = organization(10_000)
    const after = organization(10_000)
    // Changes at both ends and in the middle: the scans from the start and the end, and the stretch filed by key.
    after.accounts![3] = { ...account(3), accountType: '4337' }
    after.accounts![5_000] = { ...account(5_000), chainId: 10 }
    after.userAccounts!.splice(9_990, 1)
    // Fresh JSON: no entity is the same object as the one it is compared with.
    const steps = entityChangesBetweenInSteps(before, JSON.parse(JSON.stringify(after)))
    let pauses = 0
    let step = steps.next()
    for (; !step.done; step = steps.next()) pauses++
    expect(pauses).toBeGreaterThan(5)
    expect(step.value).toEqual(entityChangesBetween(before, after))
    expect(step.value).toHaveLength(3)
  })

  it('gives up (the state is built anew) when another member changed or a document files two entities under one key', () => {
    const before = organization(2)
    expect(entityChangesBetween(before, { ...before, $schema: 'https://example.com/other' })).toBeUndefined()
    // Validated documents never do; should one, which of the two counts is not for a diff to choose.
    const twice = { ...before, accounts: [...before.accounts!, account(7), { ...account(7), id: 'ACCT-7' }] }
    expect(entityChangesBetween(before, twice)).toBeUndefined()
  })

  it('compares JSON values whatever the order of their keys, and nothing else', () => {
    expect(sameJson({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true)
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(sameJson([1, 2], [2, 1])).toBe(false)
    expect(sameJson({ a: null }, { a: {} })).toBe(false)
  })
})
