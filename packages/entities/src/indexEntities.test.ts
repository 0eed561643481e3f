import { describe, expect, it } from 'vitest'
import { indexEntities } from './indexEntities'
import { northwind } from './testFixtures'
import { loadEntities, validateEntities } from './validateEntities'

const doc = northwind()
const index = indexEntities(doc)
const amelia = 'amelia.hart@northwind.example'
const USDC_MAINNET = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

describe('indexEntities', () => {
  it('finds a user, case-insensitively, with their groups, credentials and accounts', () => {
    expect(index.user(amelia.toUpperCase())).toEqual({ id: amelia, role: 'root' })
    expect(index.groupsOfUser(amelia).map((g) => g.id)).toEqual(['executives', 'finance-approvers'])
    expect(index.credentialsOfUser(amelia).map((c) => c.key.crv)).toEqual(['secp256k1', 'P-256'])
    expect(index.accountsOfUser(amelia).map((a) => a.chainId)).toEqual([1, 8453, 42161, 137, 1, 8453])
    expect(index.user('nobody')).toBeUndefined()
    expect(index.groupsOfUser('nobody')).toEqual([])
  })

  it('finds a group and its members', () => {
    expect(index.userGroup('Security')).toEqual({ id: 'security', name: 'Security' })
    expect(index.membersOfUserGroup('executives').map((u) => u.role)).toEqual(['root', 'root', 'admin'])
    const coldStorage = index.membersOfAccountGroup('cold-storage')
    expect(coldStorage.map((a) => a.chainId)).toEqual([1, 8453, 42161, 137])
    expect(index.accountGroup('cold-storage')).toEqual({ id: 'cold-storage' })
  })

  it('finds an account by id, or by chain and address in any letter case, and its groups', () => {
    const cold = index.membersOfAccountGroup('cold-storage')[0]!
    expect(index.account(cold.id)).toBe(cold)
    expect(index.accountByAddress(1, cold.address.toLowerCase())).toBe(cold)
    expect(index.accountByAddress(1, cold.address.toUpperCase().replace('0X', '0x'))).toBe(cold)
    expect(index.accountByAddress(10, cold.address)).toBeUndefined()
    expect(index.groupsOfAccount(cold.id).map((g) => g.id)).toEqual(['treasury', 'cold-storage'])
  })

  it('finds address-book entries and tokens by chain and address', () => {
    expect(index.addressBookEntry(1, '0x28c6c06298d514db089934071355e5743bf21d60')).toMatchObject({
      classification: 'counterparty',
    })
    expect(index.addressBookEntry(8453, '0x28c6c06298d514db089934071355e5743bf21d60')).toBeUndefined()
    const usdc = index.tokenByAddress(1, USDC_MAINNET.toLowerCase())
    expect(usdc).toMatchObject({ symbol: 'USDC', decimals: 6, address: USDC_MAINNET })
    expect(index.token(`eip155:1/erc20:${USDC_MAINNET}`)).toBe(usdc)
    // WETH has the same predeploy address on Base and Optimism; the chain tells them apart.
    const predeploy = '0x4200000000000000000000000000000000000006'
    expect(index.tokenByAddress(8453, predeploy)?.id).toBe(`eip155:8453/erc20:${predeploy}`)
    expect(index.tokenByAddress(10, predeploy)?.id).toBe(`eip155:10/erc20:${predeploy}`)
  })

  it('finds a credential by id and by kid', () => {
    const credential = doc.credentials[5]!
    expect(index.credential(credential.id)).toBe(credential)
    expect(index.credentialByKid(credential.key.kid!)).toBe(credential)
    expect(index.credentialByKid(credential.key.kid!.toLowerCase())).toBeUndefined()
  })

  it('keeps ids like __proto__ as plain keys', () => {
    const hostile = indexEntities({
      ...doc,
      users: [
        { id: '__proto__', role: 'member' },
        { id: 'constructor', role: 'member' },
      ],
      userGroupMembers: [{ userId: '__proto__', groupId: 'treasury' }],
    })
    expect(hostile.user('__proto__')).toEqual({ id: '__proto__', role: 'member' })
    expect(hostile.user('constructor')).toEqual({ id: 'constructor', role: 'member' })
    expect(hostile.user('toString')).toBeUndefined()
    expect(hostile.membersOfUserGroup('treasury').map((u) => u.id)).toEqual(['__proto__'])
  })

  it('falls back to chainless accounts of an account-only document', () => {
    const address = '0x800d6b5D1bA8ee5abf89019b4f7D89329d407B69'
    const anyChain = { id: 'watch', address, accountType: 'eoa' as const }
    const partial = indexEntities({ ...doc, accounts: [anyChain as never] })
    expect(partial.accountByAddress(137, address)).toBe(anyChain)
  })

  it('finds entries on a chain id too large for an exact number', () => {
    const chainId = 2 ** 64
    const large = northwind()
    const account = { ...large.accounts[0]!, id: 'far', chainId }
    large.accounts.push(account)
    expect(loadEntities(large).index?.accountByAddress(chainId, account.address)).toBe(account)
  })
})

describe('loadEntities', () => {
  it('indexes a valid document in the same pass as validating it', () => {
    const loaded = loadEntities(northwind())
    expect(loaded.valid).toBe(true)
    expect(loaded.index?.user(amelia)).toEqual({ id: amelia, role: 'root' })
    expect(loaded.index?.groupsOfUser(amelia)).toEqual(index.groupsOfUser(amelia))
    expect(loaded.index?.membersOfAccountGroup('treasury')).toEqual(index.membersOfAccountGroup('treasury'))
  })

  it('never indexes an invalid document', () => {
    const broken = northwind()
    broken.userGroupMembers[0]!.userId = 'mallory'
    const loaded = loadEntities(broken)
    expect(loaded.valid).toBe(false)
    expect(loaded.index).toBeUndefined()
    expect(loaded.issues).toMatchObject([{ code: 'dangling-reference', path: '/userGroupMembers/0/userId' }])
  })
})

describe('indexEntities with the validation result', () => {
  it('builds the same index from the tables the validation made', () => {
    const validated = northwind()
    const result = validateEntities(validated)
    expect(result).toEqual({ valid: true, issues: [], entities: validated })
    const reused = indexEntities(validated, result)
    expect(reused.accountsOfUser(amelia)).toEqual(index.accountsOfUser(amelia))
    expect(reused.membersOfUserGroup('executives')).toEqual(index.membersOfUserGroup('executives'))
    expect(reused.accountByAddress(1, USDC_MAINNET)).toEqual(index.accountByAddress(1, USDC_MAINNET))
    expect(reused.tokenByAddress(1, USDC_MAINNET)?.id).toBe(index.tokenByAddress(1, USDC_MAINNET)?.id)
  })

  it('ignores a result that belongs to another document', () => {
    const result = validateEntities(northwind())
    const other = northwind()
    other.users.push({ id: 'late.joiner@northwind.example', role: 'member' })
    expect(indexEntities(other, result).user('late.joiner@northwind.example')?.role).toBe('member')
  })
})

describe('EntityIndex lists', () => {
  it('are shared and frozen, so no caller can change what another sees', () => {
    const groups = index.groupsOfUser(amelia)
    expect(index.groupsOfUser(amelia)).toBe(groups)
    expect(Object.isFrozen(groups)).toBe(true)
    expect(Object.isFrozen(index.groupsOfUser('nobody'))).toBe(true)
  })
})
