import { DecodingError } from '../errors/decodingError'

const addressPattern = /^0x[0-9a-fA-F]{40}$/
const hexPattern = /^0x[0-9a-fA-F]*$/
const decimalPattern = /^(0|[1-9][0-9]{0,77})$/
const hexQuantityPattern = /^0x[0-9a-fA-F]{1,64}$/

/** A 20-byte address, any case, returned lowercase. */
export function parseAddress(value: unknown, path: string): `0x${string}` {
  if (typeof value !== 'string' || !addressPattern.test(value)) {
    throw new DecodingError('invalidAddress', 'Expected a 20-byte 0x-prefixed hex address.', { path })
  }
  return value.toLowerCase() as `0x${string}`
}

export function parseOptionalAddress(value: unknown, path: string): `0x${string}` | undefined {
  return value === undefined || value === null || value === '' ? undefined : parseAddress(value, path)
}

/** 0x hex bytes (any case), returned as is; `undefined`/`null` is empty data. */
export function parseHexData(value: unknown, path: string): `0x${string}` {
  if (value === undefined || value === null) return '0x'
  if (typeof value !== 'string' || !hexPattern.test(value)) {
    throw new DecodingError('malformedHex', 'Expected 0x-prefixed hex data.', { path })
  }
  if (value.length % 2 !== 0) {
    throw new DecodingError('malformedHex', 'Hex data has an odd number of digits (a half byte).', { path })
  }
  return value as `0x${string}`
}

/** A quantity as JSON-RPC sends it (0x hex), or a decimal string, or a safe integer; at most 256 bits. */
export function parseQuantity(value: unknown, path: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string') {
    if (hexQuantityPattern.test(value)) return BigInt(value)
    if (decimalPattern.test(value)) {
      const n = BigInt(value)
      if (n < 2n ** 256n) return n
    }
  }
  throw new DecodingError(
    'invalidQuantity',
    'Expected a non-negative quantity (0x hex or decimal, at most 256 bits).',
    {
      path,
    },
  )
}

export function parseOptionalQuantity(value: unknown, path: string): bigint | undefined {
  return value === undefined || value === null ? undefined : parseQuantity(value, path)
}

export function parseChainId(value: unknown, path: string): number {
  const n = parseQuantity(value, path)
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DecodingError('invalidQuantity', 'chainId is too large.', { path })
  }
  return Number(n)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
