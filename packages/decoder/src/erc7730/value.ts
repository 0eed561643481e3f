import { getAddress } from 'viem'

/** A leaf value of the structured data, typed by its Solidity / EIP-712 type. */
export type Value =
  | { type: 'int'; value: bigint }
  | { type: 'address'; value: string }
  | { type: 'bool'; value: boolean }
  | { type: 'bytes'; value: string }
  | { type: 'string'; value: string }

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const LOWERCASE_ADDRESS = /^0x[0-9a-f]{40}$/
const HEX = /^0x[0-9a-fA-F]*$/
const INTEGER = /^-?(0x[0-9a-fA-F]+|\d+)$/

export function isAddress(text: unknown): text is string {
  return typeof text === 'string' && ADDRESS.test(text)
}

/**
 * The address in lowercase, or undefined when the value is not an address. Addresses mostly arrive lowercase
 * (decoded calldata, requests): those are recognized as such and returned as they are, without a copy.
 */
export function lowercaseAddress(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined
  if (LOWERCASE_ADDRESS.test(raw)) return raw
  return ADDRESS.test(raw) ? raw.toLowerCase() : undefined
}

/** Converts a decoded ABI / EIP-712 leaf to a Value, given its type; `undefined` when it does not fit. */
export function toValue(type: string, raw: unknown): Value | undefined {
  if (type.startsWith('uint') || type.startsWith('int')) {
    const value = toBigInt(raw)
    return value !== undefined && fitsInteger(type, value) ? { type: 'int', value } : undefined
  }
  if (type === 'address') {
    const address = lowercaseAddress(raw)
    return address !== undefined ? { type: 'address', value: address } : undefined
  }
  if (type === 'bool') {
    if (typeof raw === 'boolean') return { type: 'bool', value: raw }
    if (raw === 'true' || raw === 'false') return { type: 'bool', value: raw === 'true' }
    if (raw === 0 || raw === 1) return { type: 'bool', value: raw === 1 }
    return undefined
  }
  if (type === 'string') return typeof raw === 'string' ? { type: 'string', value: raw } : undefined
  if (type.startsWith('bytes')) {
    if (typeof raw !== 'string' || !HEX.test(raw) || raw.length % 2 !== 0) return undefined
    const size = type.length > 5 ? Number(type.slice(5)) : undefined
    return size === undefined || raw.length === 2 + size * 2
      ? { type: 'bytes', value: raw.toLowerCase() }
      : undefined
  }
  return undefined
}

/** Converts a constant found in a descriptor (metadata, literal param) to a Value, guessing its type. */
export function constantToValue(raw: unknown): Value | undefined {
  if (typeof raw === 'bigint') return { type: 'int', value: raw }
  if (typeof raw === 'number')
    return Number.isSafeInteger(raw) ? { type: 'int', value: BigInt(raw) } : undefined
  if (typeof raw === 'boolean') return { type: 'bool', value: raw }
  if (typeof raw !== 'string') return undefined
  if (ADDRESS.test(raw)) return { type: 'address', value: raw.toLowerCase() }
  if (HEX.test(raw) && raw.length > 2) return { type: 'bytes', value: raw.toLowerCase() }
  if (/^\d+$/.test(raw)) return { type: 'int', value: BigInt(raw) }
  return { type: 'string', value: raw }
}

/** Whether an integer is in range for `uintN` / `intN` (messages are JSON: anything can arrive). */
function fitsInteger(type: string, value: bigint): boolean {
  let range = integerRanges.get(type)
  if (range === undefined) {
    range = integerRange(type)
    if (integerRanges.size < 1024) integerRanges.set(type, range)
  }
  return range !== null && value >= range.min && value < range.max
}

/** Bounds of each integer type, computed once per type name (`null`: not a valid width). */
const integerRanges = new Map<string, { min: bigint; max: bigint } | null>()

function integerRange(type: string): { min: bigint; max: bigint } | null {
  const signed = type.startsWith('int')
  const bits = Number(type.slice(signed ? 3 : 4) || 256)
  if (!Number.isInteger(bits) || bits < 8 || bits > 256) return null
  if (!signed) return { min: 0n, max: 1n << BigInt(bits) }
  const half = 1n << BigInt(bits - 1)
  return { min: -half, max: half }
}

export function toBigInt(raw: unknown): bigint | undefined {
  if (typeof raw === 'bigint') return raw
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? BigInt(raw) : undefined
  if (typeof raw === 'string' && raw.length <= 80 && INTEGER.test(raw.trim())) {
    const text = raw.trim()
    return text.startsWith('-') ? -BigInt(text.slice(1)) : BigInt(text)
  }
  return undefined
}

/** The value as an integer, when it can be read as one (ints, bytes big-endian, numeric strings). */
export function valueToBigInt(value: Value | undefined): bigint | undefined {
  if (!value) return undefined
  switch (value.type) {
    case 'int':
      return value.value
    case 'bytes':
      return value.value.length > 2 && value.value.length <= 66
        ? BigInt(value.value)
        : value.value === '0x'
          ? 0n
          : undefined
    case 'address':
      return BigInt(value.value)
    case 'bool':
      return value.value ? 1n : 0n
    case 'string':
      return toBigInt(value.value)
  }
}

/** The value as a lowercase address, when it can be read as one (addresses, 20..32-byte words, ints). */
export function valueToAddress(value: Value | undefined): string | undefined {
  if (!value) return undefined
  switch (value.type) {
    case 'address':
      return value.value
    case 'string':
      return ADDRESS.test(value.value) ? value.value.toLowerCase() : undefined
    case 'bytes': {
      const hex = value.value.slice(2)
      if (hex.length < 40 || hex.length > 64) return undefined
      if (hex.length > 40 && /[^0]/.test(hex.slice(0, hex.length - 40))) return undefined
      return `0x${hex.slice(-40)}`
    }
    case 'int':
      return value.value >= 0n && value.value < 1n << 160n
        ? `0x${value.value.toString(16).padStart(40, '0')}`
        : undefined
    case 'bool':
      return undefined
  }
}

/** Raw rendering: decimal ints, EIP-55 addresses, `true`/`false`, lowercase hex bytes, strings as is. */
export function renderRaw(value: Value): string {
  switch (value.type) {
    case 'int':
      return value.value.toString()
    case 'address':
      return checksum(value.value)
    case 'bool':
      return value.value ? 'true' : 'false'
    case 'bytes':
      return value.value
    case 'string':
      return value.value
  }
}

const checksumCache = new Map<string, string>()

/** EIP-55 form of a lowercase address (cached: the same few addresses recur on every screen). */
export function checksum(address: string): string {
  let cached = checksumCache.get(address)
  if (cached === undefined) {
    cached = getAddress(address)
    if (checksumCache.size > 10_000) checksumCache.clear()
    checksumCache.set(address, cached)
  }
  return cached
}

/** Same value, compared the way a descriptor's literal would be (case-insensitive hex, numeric ints). */
export function valueEquals(value: Value, candidate: unknown): boolean {
  const other = constantToValue(candidate)
  if (!other) return false
  if (value.type === 'int' || other.type === 'int') {
    const a = valueToBigInt(value)
    const b = valueToBigInt(other)
    return a !== undefined && a === b
  }
  return renderRaw(value).toLowerCase() === renderRaw(other).toLowerCase()
}

/** Applies a byte slice (`[start:end]`, negatives from the end) to a value's byte representation. */
export function sliceValue(value: Value, start: number | undefined, end: number | undefined): Value {
  const hex = valueBytes(value)
  const length = hex.length / 2
  let from = start ?? 0
  let to = end ?? length
  if (from < 0) from = Math.max(0, length + from)
  if (to < 0) to = Math.max(0, length + to)
  from = Math.min(from, length)
  to = Math.min(to, length)
  return { type: 'bytes', value: `0x${from < to ? hex.slice(from * 2, to * 2) : ''}` }
}

function valueBytes(value: Value): string {
  switch (value.type) {
    case 'bytes':
      return value.value.slice(2)
    case 'address':
      return value.value.slice(2)
    case 'int':
      return (value.value < 0n ? (1n << 256n) + value.value : value.value).toString(16).padStart(64, '0')
    case 'bool':
      return value.value ? '01' : '00'
    case 'string':
      return Buffer.from(value.value, 'utf8').toString('hex')
  }
}
