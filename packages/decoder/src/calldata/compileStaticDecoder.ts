import type { AbiParameter } from 'viem'
import { DecodingError } from '../errors/decodingError'

/** Reads calldata arguments: the 0x-prefixed calldata (selector included) in, decoded values out. */
export type ArgumentDecoder = (data: string) => readonly unknown[]

type WordReader = (word: string, index: number) => unknown

const zeros24 = '0'.repeat(24)

/**
 * Compiles a reader for functions whose inputs are all single-word static types (address, bool, uintN,
 * bytesN), the shape of the hot token calls. Such calldata is a fixed sequence of 32-byte words, so each
 * argument is read at a known offset with the checks Solidity's own decoder applies (clean high bits, value
 * ranges), without re-scanning the ABI on every call. Returns undefined for any other shape, which is then
 * decoded by viem's decodeAbiParameters. A differential test holds the two decoders to the same results.
 */
export function compileStaticDecoder(inputs: readonly AbiParameter[]): ArgumentDecoder | undefined {
  const readers: WordReader[] = []
  for (const input of inputs) {
    const reader = wordReader(input.type)
    if (!reader) return undefined
    readers.push(reader)
  }
  const length = 10 + 64 * readers.length
  return (data) => {
    if (data.length < length) {
      throw new DecodingError(
        'truncatedCalldata',
        `Calldata ends before its ${readers.length} 32-byte arguments.`,
        {
          details: { bytes: (data.length - 2) / 2, expectedBytes: (length - 2) / 2 },
        },
      )
    }
    const args = new Array<unknown>(readers.length)
    for (let i = 0; i < readers.length; i++) {
      const start = 10 + 64 * i
      args[i] = readers[i]!(data.slice(start, start + 64), i)
    }
    return args
  }
}

function wordReader(type: string): WordReader | undefined {
  if (type === 'address') {
    return (word, index) => {
      if (!word.startsWith(zeros24)) throw dirty(index, 'address')
      return `0x${word.slice(24).toLowerCase()}`
    }
  }
  if (type === 'bool') {
    return (word, index) => {
      const value = BigInt(`0x${word}`)
      if (value > 1n) throw dirty(index, 'bool')
      return value === 1n
    }
  }
  const uint = /^uint(\d+)$/.exec(type)
  if (uint) {
    const bits = Number(uint[1])
    const limit = 1n << BigInt(bits)
    return (word, index) => {
      const value = BigInt(`0x${word}`)
      if (value >= limit) throw dirty(index, type)
      // viem returns numbers for uints of 48 bits or fewer; keep the same shape.
      return bits <= 48 ? Number(value) : value
    }
  }
  const fixedBytes = /^bytes(\d+)$/.exec(type)
  if (fixedBytes) {
    const size = Number(fixedBytes[1])
    if (size < 1 || size > 32) return undefined
    return (word, index) => {
      if (!/^0*$/.test(word.slice(size * 2))) throw dirty(index, type)
      return `0x${word.slice(0, size * 2).toLowerCase()}`
    }
  }
  return undefined
}

function dirty(index: number, type: string): DecodingError {
  return new DecodingError(
    'abiDecodingFailed',
    `Argument ${index + 1} is not a valid ${type} (dirty high bits or out of range).`,
    {
      details: { argument: index, type },
    },
  )
}
