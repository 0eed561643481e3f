/** The fields an EIP-712 domain may have, in the order the standard gives them, with their types. */
const domainFields = [
  ['name', 'string'],
  ['version', 'string'],
  ['chainId', 'uint256'],
  ['verifyingContract', 'address'],
  ['salt', 'bytes32'],
] as const

/** The EIP712Domain type of a domain: the standard fields it has (null counts as absent), in the standard's order. */
export function eip712DomainType(domain: Record<string, unknown>): { name: string; type: string }[] {
  return domainFields
    .filter(([name]) => Object.hasOwn(domain, name) && domain[name] !== null && domain[name] !== undefined)
    .map(([name, type]) => ({ name, type }))
}

/**
 * Whether typed data's own `EIP712Domain` type, when it declares one, is exactly the type of its domain. Signers
 * hash the domain with the declared type, so a type that leaves out a field (chainId, verifyingContract...), reorders
 * them or retypes one gives a signature over another domain than the one the policies were shown.
 */
export function declaresOwnDomainType(types: object, domain: Record<string, unknown>): boolean {
  if (!Object.hasOwn(types, 'EIP712Domain')) return true
  const declared: unknown = (types as Record<string, unknown>).EIP712Domain
  const expected = eip712DomainType(domain)
  return (
    Array.isArray(declared) &&
    declared.length === expected.length &&
    declared.every((field: unknown, index) => {
      const { name, type } = (field ?? {}) as { name?: unknown; type?: unknown }
      return name === expected[index]?.name && type === expected[index]?.type
    })
  )
}
