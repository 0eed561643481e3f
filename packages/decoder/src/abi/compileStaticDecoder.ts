import type { AbiParameter } from 'viem'
import { DecodingError } from '../errors/decodingError'
import { lowercaseHexDigits } from '../hexDigits'

/** Reads calldata arguments: the 0x-prefixed calldata (selector included) in, decoded values out. */
export type ArgumentDecoder = (data: string) => readonly unknown[]

/** Reads the 32-byte word that starts at hex digit `offset` of the calldata. */
type WordReader = (data: string, offset: number, index: number) => unknown

/**
 * Compiles a reader for functions whose inputs are all single-word static types (address, bool, uintN,
 * bytesN), the shape of the hot token calls. Such calldata is a fixed sequence of 32-byte words, so each
 * argument is read in place at a known offset with the checks Solidity's own decoder applies (clean high
 * bits, value ranges), without re-scanning the ABI or copying words on every call. Returns undefined for any
 * other shape, which is then decoded by viem's decodeAbiParameters. A differential test holds the two
 * decoders to the same results.
 *
 * The calldata must be valid lowercase hex, as every Call's data is (requests are checked and lowercased
 * where they are parsed; embedded calls come out of the ABI decoder): addresses and bytes are returned as
 * slices of it, hence lowercase.
 */
export function compileStaticDecoder(inputs: readonly AbiParameter[]): ArgumentDecoder | undefined {
  const readers: WordReader[] = []
  for (const input of inputs) {
    const reader = wordReader(input.type)
    if (!reader) return undefined
    readers.push(reader)
  }
  const count = readers.length
  const length = 10 + 64 * count
  return (data) => {
    if (data.length < length) {
      throw new DecodingError('truncatedCalldata', `Calldata ends before its ${count} 32-byte arguments.`, {
        context: { bytes: (data.length - 2) / 2, expectedBytes: (length - 2) / 2 },
      })
    }
    const args = new Array<unknown>(count)
    for (let i = 0; i < count; i++) args[i] = readers[i]!(data, 10 + 64 * i, i)
    return args
  }
}

function wordReader(type: string): WordReader | undefined {
  if (type === 'address') {
    return (data, offset, index) => {
      if (!zeroDigits(data, offset, 24)) throw dirty(index, 'address')
      return `0x${data.slice(offset + 24, offset + 64)}`
    }
  }
  if (type === 'bool') {
    return (data, offset, index) => {
      if (!zeroDigits(data, offset, 51)) throw dirty(index, 'bool')
      const value = readSmall(data, offset)
      if (value > 1) throw dirty(index, 'bool')
      return value === 1
    }
  }
  const uint = /^uint(\d+)$/.exec(type)
  if (uint) {
    const bits = Number(uint[1])
    if (bits < 8 || bits > 256 || bits % 8 !== 0) return undefined
    // viem returns numbers for uints of 48 bits or fewer; keep the same shape.
    if (bits <= 48) {
      const limit = 2 ** bits
      return (data, offset, index) => {
        if (!zeroDigits(data, offset, 51)) throw dirty(index, type)
        const value = readSmall(data, offset)
        if (value >= limit) throw dirty(index, type)
        return value
      }
    }
    const limit = 1n << BigInt(bits)
    return (data, offset, index) => {
      // Most amounts are small: a word whose first 51 digits are zero holds at most 52 bits, which a JS
      // number reads exactly and faster than a 64-digit BigInt.
      if (zeroDigits(data, offset, 51)) return BigInt(readSmall(data, offset))
      const value = BigInt(`0x${data.slice(offset, offset + 64)}`)
      // 64 hex digits never exceed 256 bits; narrower types are range-checked.
      if (bits < 256 && value >= limit) throw dirty(index, type)
      return value
    }
  }
  const fixedBytes = /^bytes(\d+)$/.exec(type)
  if (fixedBytes) {
    const size = Number(fixedBytes[1])
    if (size < 1 || size > 32) return undefined
    return (data, offset, index) => {
      if (!zeroDigits(data, offset + size * 2, 64 - size * 2)) throw dirty(index, type)
      return `0x${data.slice(offset, offset + size * 2)}`
    }
  }
  return undefined
}

/** '0' repeated 0 to 64 times. */
const zeroRuns = Array.from({ length: 65 }, (_, count) => '0'.repeat(count))

/**
 * Whether `count` digits from `start` are all '0'. Measured fastest in V8 as a slice compared with a constant
 * (a slice of 13 or more characters is a view, not a copy); startsWith with a position takes a slow path and
 * was the most expensive step of reading a word, and a character loop sits in between.
 */
function zeroDigits(data: string, start: number, count: number): boolean {
  return data.slice(start, start + count) === zeroRuns[count]
}

/**
 * The last 13 hex digits of the word at `offset`, read digit by digit: no substring, and no string-to-number
 * conversion in the runtime. A character that is not a lowercase hex digit (calldata breaking the Call
 * contract) is refused rather than read as a wrong value.
 */
function readSmall(data: string, offset: number): number {
  let value = 0
  for (let i = offset + 51; i < offset + 64; i++) {
    const digit = lowercaseHexDigits[data.charCodeAt(i)] ?? -1
    if (digit < 0) throw new SyntaxError('Calldata holds a character that is not a lowercase hex digit.')
    value = value * 16 + digit
  }
  return value
}

function dirty(index: number, type: string): DecodingError {
  return new DecodingError(
    'abiDecodingFailed',
    `Argument ${index + 1} is not a valid ${type} (dirty high bits or out of range).`,
    {
      context: { argument: index, type },
    },
  )
}
