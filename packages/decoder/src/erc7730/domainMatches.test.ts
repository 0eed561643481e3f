import { hashDomain } from 'viem'
import { describe, expect, it } from 'vitest'
import type { CompiledDescriptor } from './compileDescriptor'
import { domainMatches } from './domainMatches'

const domain = {
  name: 'Permit2',
  chainId: 1,
  verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
}
const separator = hashDomain({
  domain: domain as never,
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
  },
})

const descriptor = (binding: Partial<CompiledDescriptor>) =>
  ({ domain: undefined, domainSeparator: undefined, ...binding }) as CompiledDescriptor

describe('domainMatches', () => {
  it('checks every constrained domain value, case-insensitively', () => {
    expect(domainMatches(descriptor({ domain: { name: 'Permit2' } }), domain)).toBe(true)
    expect(domainMatches(descriptor({ domain: { name: 'Permit3' } }), domain)).toBe(false)
    expect(domainMatches(descriptor({ domain: { version: '1' } }), domain)).toBe(false)
    expect(
      domainMatches(
        descriptor({ domain: { verifyingContract: domain.verifyingContract.toLowerCase() } }),
        domain,
      ),
    ).toBe(true)
  })

  it('checks the domain separator hash', () => {
    expect(domainMatches(descriptor({ domainSeparator: separator }), domain)).toBe(true)
    expect(domainMatches(descriptor({ domainSeparator: separator }), { ...domain, chainId: 10 })).toBe(false)
  })
})
