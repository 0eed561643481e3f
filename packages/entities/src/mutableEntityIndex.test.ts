import { describe, expect, it } from 'vitest'
import { MutableEntityIndex } from './mutableEntityIndex'
import { northwind } from './testFixtures'
import { loadEntities } from './validateEntities'

describe('MutableEntityIndex', () => {
  it('finds what the index of loadEntities finds, indexed at once or a slice at a time', () => {
    const { index } = loadEntities(northwind(), { kind: 'full' })
    if (!index) throw new Error('the fixture should be valid')
    const deferred = new MutableEntityIndex(index.entities, { deferred: true })
    expect(deferred.indexed).toBe(false)
    deferred.indexSome(0)
    for (const mutable of [new MutableEntityIndex(index.entities), deferred]) {
      for (const user of index.entities.users) {
        const id = user.id.toUpperCase()
        expect(mutable.user(id)).toBe(index.user(id))
        expect(mutable.groupsOfUser(id)).toEqual(index.groupsOfUser(id))
        expect(mutable.accountsOfUser(id)).toEqual(index.accountsOfUser(id))
        expect(mutable.credentialsOfUser(id)).toEqual(index.credentialsOfUser(id))
      }
      for (const account of index.entities.accounts) {
        expect(mutable.account(account.id)).toBe(index.account(account.id))
        expect(mutable.groupsOfAccount(account.id)).toEqual(index.groupsOfAccount(account.id))
        for (const chainId of [1, 8453, 10])
          expect(mutable.accountByAddress(chainId, account.address.toUpperCase().replace('0X', '0x'))).toBe(
            index.accountByAddress(chainId, account.address),
          )
      }
    }
    expect(deferred.indexed).toBe(true)
  })

  it('puts and removes entities, and undoes either', () => {
    const { index } = loadEntities(northwind(), { kind: 'full' })
    if (!index) throw new Error('the fixture should be valid')
    const mutable = new MutableEntityIndex(index.entities)
    const account = { id: 'New-1', address: `0x${'ab'.repeat(20)}`, accountType: 'eoa', chainId: 1 }
    const undo = mutable.put('accounts', account)
    expect(mutable.account('new-1')).toBe(account)
    expect(mutable.accountByAddress(1, account.address.toUpperCase().replace('0X', '0x'))).toBe(account)
    expect(mutable.entities.accounts).toContain(account)
    undo()
    expect(mutable.account('new-1')).toBeUndefined()
    expect(mutable.entities.accounts).toEqual(index.entities.accounts)
  })

  it('keeps the links of an entity with many of them, as they are put, put again and removed', () => {
    const doc = northwind()
    const group = doc.accountGroups[0]!.id
    const accounts = Array.from({ length: 40 }, (_, i) => ({
      id: `Many-${i}`,
      address: `0x${(i + 1).toString(16).padStart(40, 'c')}`,
      accountType: 'eoa' as const,
      chainId: 1,
    }))
    doc.accounts.push(...accounts)
    const before = doc.accountGroupMembers.filter((link) => link.groupId === group).length
    const { index } = loadEntities(doc, { kind: 'full' })
    if (!index) throw new Error('the fixture should be valid')
    const mutable = new MutableEntityIndex(index.entities)
    const links = accounts.map((account) => ({ accountId: account.id, groupId: group }))
    for (const link of links) mutable.put('accountGroupMembers', link)
    // A link put again is one link.
    for (const link of links.slice(0, 20)) mutable.put('accountGroupMembers', { ...link })
    expect(mutable.linksOf('accountGroupMembers', 'right', group)).toHaveLength(before + 40)
    for (const link of links.slice(0, 35)) mutable.remove('accountGroupMembers', link)
    expect(mutable.linksOf('accountGroupMembers', 'right', group)).toHaveLength(before + 5)
    // Put back after their removal, they count again, once each.
    for (const link of links.slice(0, 30)) mutable.put('accountGroupMembers', { ...link })
    for (const link of links.slice(0, 30)) mutable.put('accountGroupMembers', { ...link })
    expect(mutable.linksOf('accountGroupMembers', 'right', group)).toHaveLength(before + 35)
    expect(mutable.groupsOfAccount('many-3').map((found) => found.id)).toEqual([group])
  })
})
