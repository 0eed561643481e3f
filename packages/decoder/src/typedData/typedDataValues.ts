import { DecodingError } from '../errors/decodingError'

/** A uint field of typed data: JSON numbers, decimal strings and 0x hex are all seen in the wild. */
export function uintOf(value: unknown, path: string): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0|[1-9][0-9]{0,77}|0x[0-9a-fA-F]{1,64})$/.test(value))
    return BigInt(value)
  throw new DecodingError('invalidTypedData', 'Expected an unsigned integer.', { path })
}

/**
 * A bool field of typed data: true, false, or 'true'. Signers disagree on anything else (ethers hashes a bool by
 * truthiness, so 'false' and 1 sign true; eth-sig-util reads 'false' as false and refuses 1), so it is refused.
 */
export function booleanOf(value: unknown, path: string): boolean {
  if (value === true || value === 'true') return true
  if (value === false) return false
  throw new DecodingError('invalidTypedData', 'Expected a boolean (true or false).', { path })
}

/** An address field of typed data, any case, returned lowercase. */
export function addressOf(value: unknown, path: string): `0x${string}` {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value))
    return value.toLowerCase() as `0x${string}`
  throw new DecodingError('invalidTypedData', 'Expected an address.', { path })
}

export function recordOf(value: unknown, path: string): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>
  throw new DecodingError('invalidTypedData', 'Expected an object.', { path })
}

export function arrayOf(value: unknown, path: string): readonly unknown[] {
  if (Array.isArray(value)) return value
  throw new DecodingError('invalidTypedData', 'Expected an array.', { path })
}
