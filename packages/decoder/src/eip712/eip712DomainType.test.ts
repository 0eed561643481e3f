import { readFileSync } from 'node:fs'
import { hashTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeRequest } from '../decodeRequest'
import { declaresOwnDomainType, eip712DomainType } from './eip712DomainType'

// A Permit2 PermitTransferFrom captured from a mainnet dapp: its domain has name, chainId and verifyingContract.
const { request } = JSON.parse(
  readFileSync(
    new URL('../../../../fixtures/requests/permit2-permit-transfer-from.json', import.meta.url),
    'utf8',
  ),
)
const [signer, typedData] = request.params
const withDomainType = (EIP712Domain: unknown) => ({
  ...request,
  params: [signer, { ...typedData, types: { ...typedData.types, EIP712Domain } }],
})

describe('eip712DomainType', () => {
  it('lists the fields a domain has, in the standard order, with their standard types', () => {
    expect(eip712DomainType(typedData.domain)).toEqual(typedData.types.EIP712Domain)
    expect(eip712DomainType({ salt: '0x00', name: 'x', version: null })).toEqual([
      { name: 'name', type: 'string' },
      { name: 'salt', type: 'bytes32' },
    ])
  })

  it('holds a declared type to the domain, and accepts typed data that declares none', () => {
    expect(declaresOwnDomainType(typedData.types, typedData.domain)).toBe(true)
    const { EIP712Domain: _declared, ...undeclared } = typedData.types
    expect(declaresOwnDomainType(undeclared, typedData.domain)).toBe(true)
    const reordered = [...typedData.types.EIP712Domain].reverse()
    expect(declaresOwnDomainType({ ...typedData.types, EIP712Domain: reordered }, typedData.domain)).toBe(
      false,
    )
    const retyped = [{ name: 'name', type: 'bytes32' }, ...typedData.types.EIP712Domain.slice(1)]
    expect(declaresOwnDomainType({ ...typedData.types, EIP712Domain: retyped }, typedData.domain)).toBe(false)
    expect(declaresOwnDomainType({ ...typedData.types, EIP712Domain: 'name' }, typedData.domain)).toBe(false)
  })
})

describe('decodeRequest on a declared EIP712Domain type', () => {
  const reduced = [{ name: 'name', type: 'string' }]

  it('refuses one that leaves out fields of the domain, which a signer would then not sign', () => {
    // What a wallet signs: the domain hashed with the declared type, valid for any chain and any contract.
    const signed = hashTypedData({ ...typedData, types: { ...typedData.types, EIP712Domain: reduced } })
    const { EIP712Domain: _declared, ...undeclared } = typedData.types
    expect(signed).toBe(
      hashTypedData({ ...typedData, types: undeclared, domain: { name: typedData.domain.name } }),
    )
    expect(signed).not.toBe(hashTypedData(typedData))

    for (const tampered of [
      withDomainType(reduced),
      { ...request, params: [signer, JSON.stringify(withDomainType(reduced).params[1])] },
    ]) {
      const { intent, decoding } = decodeRequest(tampered)
      expect(intent.type).toBe('unknown')
      expect(decoding.error).toMatchObject({ name: 'invalidTypedData', path: '/params/1/types/EIP712Domain' })
    }
  })

  it('decodes the typed data as sent, and without a declared type', () => {
    expect(decodeRequest(request).intent.type).toBe('permit2Transfer')
    const { EIP712Domain: _declared, ...undeclared } = typedData.types
    const bare = { ...request, params: [signer, { ...typedData, types: undeclared }] }
    expect(decodeRequest(bare).intent).toEqual(decodeRequest(request).intent)
  })
})
