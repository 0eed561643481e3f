import { getAddress, type Hex, isAddress, isHex } from 'viem'
import { ProviderError } from '../../core/errors/providerErrors'

const maxUint256 = 2n ** 256n - 1n

export function invalidRequest(message: string, path: string, details: Record<string, unknown> = {}): never {
  throw new ProviderError('INVALID_REQUEST', message, { path, ...details })
}

/** A non-negative integer quantity, given as a decimal string, a 0x-hex string, or a safe integer number. */
export function parseQuantity(value: unknown, path: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'bigint' && value >= 0n && value <= maxUint256) return value
  if (typeof value === 'string' && (/^\d{1,78}$/.test(value) || /^0x[0-9a-fA-F]{1,64}$/.test(value))) {
    const quantity = BigInt(value)
    if (quantity <= maxUint256) return quantity
  }
  return invalidRequest('Expected a non-negative integer (decimal or 0x-hex string)', path, { value })
}

/** A positive amount of base units, as a decimal string. */
export function parseAmount(value: unknown, path: string): bigint {
  if (typeof value !== 'string' || !/^\d{1,78}$/.test(value)) {
    invalidRequest('Amount must be a decimal string of base units', path)
  }
  const amount = BigInt(value)
  if (amount === 0n || amount > maxUint256) invalidRequest('Amount must be positive and below 2^256', path)
  return amount
}

export function parseAddress(value: unknown, path: string): `0x${string}` {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    invalidRequest('Expected a 20-byte hex address', path)
  }
  return getAddress(value)
}

export function parseHex(value: unknown, path: string, byteLength?: number): Hex {
  if (typeof value !== 'string' || !isHex(value, { strict: true }) || value.length % 2 !== 0) {
    invalidRequest('Expected an even-length 0x-prefixed hex string', path)
  }
  if (byteLength !== undefined && value.length !== 2 + byteLength * 2) {
    invalidRequest(`Expected exactly ${byteLength} bytes`, path)
  }
  return value as Hex
}

/** Narrows an action's input to an object, so that field access cannot crash. */
export function requireObject<T>(input: T, path = ''): T & object {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    invalidRequest('Expected an object', path)
  }
  return input
}
