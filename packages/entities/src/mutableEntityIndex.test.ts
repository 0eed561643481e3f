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
})
