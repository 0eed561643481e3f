import { describe, expect, it } from 'vitest'
import { closestName } from './schemaMessages'
import { validateEntities } from './validateEntities'

describe('closestName', () => {
  it('finds a misspelling, case aside, and guesses nothing when no name is close', () => {
    expect(closestName('checkIntentTyp', ['checkIntentType', 'checkIntentToken'])).toBe('checkIntentType')
    expect(closestName('ADRESS', ['address', 'chainId'])).toBe('address')
    expect(closestName('superuser', ['root', 'admin', 'member', 'manager'])).toBeUndefined()
  })
})

describe('entities validate: authoring messages', () => {
  it('names the member a misspelt one was meant to be, once, and lists the values allowed (a partial accounts document takes eoa only)', () => {
    const { issues } = validateEntities(
      {
        accounts: [
          { id: 'a', adress: '0x1000000000000000000000000000000000000001', accountType: 'eoaa', chainId: 1 },
        ],
      },
      { kind: 'account' },
    )
    expect(issues).toEqual([
      {
        code: 'schema.additionalProperties',
        severity: 'error',
        path: '/accounts/0/adress',
        message: 'unknown member "adress" is not allowed here, did you mean "address"?',
      },
      {
        code: 'schema.enum',
        severity: 'error',
        path: '/accounts/0/accountType',
        message: '"eoaa" is not allowed, did you mean "eoa"? It must be one of: "eoa"',
      },
    ])
  })
})
