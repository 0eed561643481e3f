import { DecodingError } from '../errors/decodingError'
import { smallHexQuantity } from '../hexDigits'

// Lowercase forms are tried first: they are what wallets usually send, and match without a copy.
const lowercaseAddress = /^0x[0-9a-f]{40}$/
const anyCaseAddress = /^0x[0-9a-fA-F]{40}$/
const hexPattern = /^0x[0-9a-fA-F]*$/
const lowercaseBytes = /^0x(?:[0-9a-f]{2})*$/
const decimalPattern = /^(0|[1-9][0-9]{0,77})$/
const hexQuantityPattern = /^0x[0-9a-fA-F]{1,64}$/
const maxUint256 = 2n ** 256n - 1n

/*
 * Each parser takes the JSON Pointer of its value as `path` plus an optional last segment `key`; the full
 * pointer is only assembled when the value is refused, so valid requests build no error paths.
 */
function pointer(path: string, key: string | undefined): string {
  return key === undefined ? path : `${path}/${key}`
}

/** A 20-byte address, any case, returned lowercase. */
export function parseAddress(value: unknown, path: string, key?: string): `0x${string}` {
  if (typeof value === 'string') {
    if (lowercaseAddress.test(value)) return value as `0x${string}`
    if (anyCaseAddress.test(value)) return value.toLowerCase() as `0x${string}`
  }
  throw new DecodingError('invalidAddress', 'Expected a 20-byte 0x-prefixed hex address.', {
    path: pointer(path, key),
  })
}

export function parseOptionalAddress(value: unknown, path: string, key?: string): `0x${string}` | undefined {
  return value === undefined || value === null || value === '' ? undefined : parseAddress(value, path, key)
}

/** 0x hex bytes (any case), returned as is; `undefined`/`null` is empty data. */
export function parseHexData(value: unknown, path: string, key?: string): `0x${string}` {
  if (value === undefined || value === null) return '0x'
  if (typeof value !== 'string' || !hexPattern.test(value)) {
    throw new DecodingError('malformedHex', 'Expected 0x-prefixed hex data.', { path: pointer(path, key) })
  }
  if (value.length % 2 !== 0) {
    throw new DecodingError('malformedHex', 'Hex data has an odd number of digits (a half byte).', {
      path: pointer(path, key),
    })
  }
  return value as `0x${string}`
}

/**
 * Calldata: 0x hex bytes returned lowercase, as every `Call` carries them (case means nothing in calldata,
 * and the argument readers rely on it to return lowercase addresses); `undefined`/`null` is empty data.
 */
export function parseCalldata(value: unknown, path: string, key?: string): `0x${string}` {
  if (typeof value === 'string' && lowercaseBytes.test(value)) return value as `0x${string}`
  return parseHexData(value, path, key).toLowerCase() as `0x${string}`
}

/** A quantity as JSON-RPC sends it (0x hex), or a decimal string, or a safe integer; at most 256 bits. */
export function parseQuantity(value: unknown, path: string, key?: string): bigint {
  if (typeof value === 'string') {
    // Small hex quantities (value, chainId, nonce, gas) parse faster as numbers than as BigInt strings.
    const small = smallHexQuantity(value)
    if (small >= 0) return BigInt(small)
    if (hexQuantityPattern.test(value)) return BigInt(value)
    if (decimalPattern.test(value)) {
      const n = BigInt(value)
      if (n <= maxUint256) return n
    }
  } else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    return BigInt(value)
  }
  throw new DecodingError(
    'invalidQuantity',
    'Expected a non-negative quantity (0x hex or decimal, at most 256 bits).',
    { path: pointer(path, key) },
  )
}

export function parseOptionalQuantity(value: unknown, path: string, key?: string): bigint | undefined {
  return value === undefined || value === null ? undefined : parseQuantity(value, path, key)
}

export function parseChainId(value: unknown, path: string, key?: string): number {
  // The usual small hex chain id, without a round trip through BigInt.
  const small = typeof value === 'string' ? smallHexQuantity(value) : -1
  if (small >= 0) return small
  const n = parseQuantity(value, path, key)
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DecodingError('invalidQuantity', 'chainId is too large.', { path: pointer(path, key) })
  }
  return Number(n)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
