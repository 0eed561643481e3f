import { describe, expect, it } from 'vitest'
import { detectEntityKind, isEntityKind } from './entityKinds'

describe('detectEntityKind', () => {
  it('recognizes each partial document by its collections', () => {
    expect(detectEntityKind({ users: [] })).toBe('user')
    expect(detectEntityKind({ userGroups: [] })).toBe('userGroup')
    expect(detectEntityKind({ userGroups: [], userGroupMembers: [] })).toBe('userGroup')
    expect(detectEntityKind({ userAccounts: [] })).toBe('userAccount')
    expect(detectEntityKind({ credentials: [] })).toBe('credential')
    expect(detectEntityKind({ accounts: [] })).toBe('account')
    expect(detectEntityKind({ accountGroups: [], accountGroupMembers: [] })).toBe('accountGroup')
    expect(detectEntityKind({ tokens: [] })).toBe('token')
    expect(detectEntityKind({ addressBook: [] })).toBe('addressBook')
    expect(
      detectEntityKind({ $schema: 'https://rampart.dev/schemas/entities/token.schema.json', tokens: [] }),
    ).toBe('token')
  })

  it('assumes the full document otherwise', () => {
    expect(detectEntityKind({ users: [], accounts: [] })).toBe('full')
    expect(detectEntityKind({ userGroupMembers: [] })).toBe('full')
    expect(detectEntityKind({})).toBe('full')
    expect(detectEntityKind([])).toBe('full')
    expect(detectEntityKind(null)).toBe('full')
  })

  it('knows its kind names and nothing inherited', () => {
    expect(isEntityKind('addressBook')).toBe(true)
    expect(isEntityKind('toString')).toBe(false)
    expect(isEntityKind('__proto__')).toBe(false)
  })
})
