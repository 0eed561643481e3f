import { escapePointerToken } from '@rampart/entities'
import { eip712DomainType } from '../eip712/eip712DomainType'
import { DecodingError } from '../errors/decodingError'

type Types = Record<string, readonly { name: string; type: string }[]>

const integerType = /^(u?)int([0-9]*)$/
const fixedBytesType = /^bytes([0-9]+)$/
const arrayType = /^(.*)\[([0-9]*)\]$/
const address = /^0x[0-9a-fA-F]{40}$/
const evenHex = /^0x(?:[0-9a-fA-F]{2})*$/

/**
 * Checks every value of a typed-data message against its declared type, inside arrays too (viem's own check
 * does not enter arrays). Signers read loose values differently: viem pads an odd-length bytes32 on the right and
 * eth-sig-util on the left, eth-sig-util hashes text in a bytes field as UTF-8 and a number in a string field as
 * bytes, ethers hashes the bool 'false' as true. A value that is not the plain JSON form of its type is refused,
 * so the message policies see is the one every signer hashes. The walk follows the message, bounded in size and
 * depth before it runs.
 */
export function checkTypedDataValues(
  types: Types,
  primaryType: string,
  message: Record<string, unknown>,
): void {
  checkStruct(types, primaryType, message, '/params/1/message')
}

/**
 * The same for the domain, by the standard types of the fields it has (the type signers hash it with): a
 * one-byte salt is refused by viem and padded into another salt by eth-sig-util.
 */
export function checkTypedDataDomain(domain: Record<string, unknown>): void {
  checkStruct({ EIP712Domain: eip712DomainType(domain) }, 'EIP712Domain', domain, '/params/1/domain')
}

function checkStruct(types: Types, type: string, value: unknown, path: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(path, `a ${type} object`)
  const record = value as Record<string, unknown>
  for (const field of types[type] ?? []) {
    const member = Object.hasOwn(record, field.name) ? record[field.name] : undefined
    checkValue(types, field.type, member, `${path}/${escapePointerToken(field.name)}`)
  }
}

function checkValue(types: Types, type: string, value: unknown, path: string): void {
  const array = arrayType.exec(type)
  if (array) {
    if (!Array.isArray(value)) refuse(path, `an array (${type})`)
    const items = value as unknown[]
    if (array[2] !== '' && items.length !== Number(array[2])) refuse(path, `${array[2]} items (${type})`)
    for (let i = 0; i < items.length; i++) checkValue(types, array[1]!, items[i], `${path}/${i}`)
    return
  }
  if (Object.hasOwn(types, type)) {
    checkStruct(types, type, value, path)
  } else if (type === 'address') {
    if (typeof value !== 'string' || !address.test(value)) refuse(path, 'an address')
  } else if (type === 'bool') {
    // 'true' reads as true everywhere; the top-level reading (decimalIntegers) writes it as true.
    if (typeof value !== 'boolean' && value !== 'true') refuse(path, 'a boolean')
  } else if (type === 'string') {
    if (typeof value !== 'string') refuse(path, 'a string')
  } else if (type === 'bytes') {
    if (typeof value !== 'string' || !evenHex.test(value)) refuse(path, 'even-length 0x hex bytes')
  } else {
    const bytes = fixedBytesType.exec(type)
    const integer = integerType.exec(type)
    if (bytes) {
      if (typeof value !== 'string' || !evenHex.test(value) || value.length !== 2 + 2 * Number(bytes[1]))
        refuse(path, `${bytes[1]} bytes of 0x hex (${type})`)
    } else if (integer) {
      const bits = BigInt(integer[2] || 256)
      const signed = integer[1] === ''
      const n = integerValue(value)
      const min = signed ? -(2n ** (bits - 1n)) : 0n
      const max = signed ? 2n ** (bits - 1n) - 1n : 2n ** bits - 1n
      if (n === undefined || n < min || n > max) refuse(path, `an integer in the range of ${type}`)
    }
  }
}

/**
 * An integer as signers read it: a safe JSON number, or a string BigInt reads (decimal, 0x, 0o, 0b, spaces around),
 * with one minus sign right before the digits. Undefined for anything else.
 */
function integerValue(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  const negative = trimmed.startsWith('-')
  if (trimmed === '' || (negative && !/^-[0-9a-zA-Z]/.test(trimmed))) return undefined
  try {
    const magnitude = BigInt(negative ? trimmed.slice(1) : trimmed)
    return negative ? -magnitude : magnitude
  } catch {
    return undefined
  }
}

function refuse(path: string, expected: string): never {
  throw new DecodingError('invalidTypedData', `Expected ${expected}.`, { path })
}
