import { describe, expect, it } from 'vitest'
import { computeEncodeType, normalizeEncodeType, parseEncodeType } from './encodeType'

const types = {
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person[]' },
    { name: 'contents', type: 'string' },
  ],
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallet', type: 'Wallet' },
  ],
  Wallet: [{ name: 'address', type: 'address' }],
}

describe('encodeType', () => {
  it('computes EIP-712 encodeType with sorted dependencies', () => {
    expect(computeEncodeType('Mail', types)).toBe(
      'Mail(Person from,Person[] to,string contents)Person(string name,Wallet wallet)Wallet(address address)',
    )
    expect(computeEncodeType('Missing', types)).toBeUndefined()
  })

  it('normalizes whitespace in descriptor keys', () => {
    expect(normalizeEncodeType('Mail(Person from, string contents) Person(string name)')).toBe(
      'Mail(Person from,string contents)Person(string name)',
    )
  })

  it('parses a key into a tuple schema of the primary type', () => {
    const parsed = parseEncodeType(
      'Mail(Person from,Person[] to,string contents)Person(string name,address wallet)',
    )
    expect(parsed?.primaryType).toBe('Mail')
    expect(parsed?.schema.components?.[1]).toEqual({
      name: 'to',
      type: 'tuple[]',
      components: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
    })
    expect(parseEncodeType('PermitSingle')).toMatchObject({ primaryType: 'PermitSingle', bare: true })
    expect(parseEncodeType('Mail(string)')).toBeUndefined()
    expect(parseEncodeType('Exchange:Withdraw(string destination,uint64 time)')?.primaryType).toBe(
      'Exchange:Withdraw',
    )
  })
})
