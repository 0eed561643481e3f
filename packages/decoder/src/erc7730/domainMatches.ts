import { hashDomain } from 'viem'
import { eip712DomainType } from '../eip712/eip712DomainType'
import type { CompiledDescriptor } from './compileDescriptor'

/** The descriptor's `eip712.domain` values and `domainSeparator` must match the message's domain. */
export function domainMatches(descriptor: CompiledDescriptor, domain: Record<string, unknown>): boolean {
  if (descriptor.domain) {
    for (const [key, expected] of Object.entries(descriptor.domain)) {
      const actual = domain[key]
      if (actual === undefined) return false
      if (String(actual).toLowerCase() !== String(expected).toLowerCase()) return false
    }
  }
  if (descriptor.domainSeparator) {
    try {
      const types = eip712DomainType(domain)
      const separator = hashDomain({ domain: domain as never, types: { EIP712Domain: types } as never })
      if (separator.toLowerCase() !== descriptor.domainSeparator.toLowerCase()) return false
    } catch {
      return false
    }
  }
  return true
}
