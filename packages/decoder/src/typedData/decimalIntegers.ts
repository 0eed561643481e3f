import { escapePointerToken } from '@rampart/entities'
import { DecodingError } from '../errors/decodingError'
import { booleanOf } from './typedDataValues'

/** EIP-712 integer types: int8 … int256, uint8 … uint256. */
const INTEGER_TYPE =
  /^u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?$/
const CANONICAL_DECIMAL = /^(0|-?[1-9][0-9]*)$/

/**
 * A typed-data message with its top-level integers written as strings rewritten as canonical decimal strings.
 * EIP-712 lets a request write an integer as a number or a string, and signers (viem, ethers, eth-sig-util) read
 * a string with BigInt: hex, 0X, 0b, 0o, leading zeros and surrounding spaces all hash as the same value. Written
 * one way in the intent, a policy on the value cannot be sidestepped by writing it another way. A string BigInt
 * does not read is no integer any signer hashes, and is refused, as is a JSON number past the safe integers.
 * Booleans are read as booleanOf reads them.
 */
export function decimalIntegers(
  message: Record<string, unknown>,
  fields: readonly { name: string; type: string }[] | undefined,
): Record<string, unknown> {
  let rewritten: Record<string, unknown> | undefined
  for (const { name, type } of fields ?? []) {
    const value = Object.hasOwn(message, name) ? message[name] : undefined
    if (type === 'bool') {
      if (value === undefined || typeof value === 'boolean') continue
      rewritten ??= { ...message }
      rewritten[name] = booleanOf(value, `/params/1/message/${escapePointerToken(name)}`)
      continue
    }
    if (!INTEGER_TYPE.test(type)) continue
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      // Past 2^53, JSON.parse has rounded the digits sent; a signer reading JSON numbers exactly hashes others.
      throw new DecodingError(
        'invalidTypedData',
        `Field ${name} is an integer written as a JSON number beyond 2^53, which parsers read differently; write it as a string.`,
        { path: `/params/1/message/${escapePointerToken(name)}` },
      )
    }
    if (typeof value !== 'string' || CANONICAL_DECIMAL.test(value)) continue
    rewritten ??= { ...message }
    rewritten[name] = integerText(value, name)
  }
  return rewritten ?? message
}

function integerText(value: string, name: string): string {
  const trimmed = value.trim()
  const negative = trimmed.startsWith('-')
  try {
    // One minus sign, right before the digits (BigInt itself reads '-5' but not '-0x5').
    if (negative && !/^-[0-9a-zA-Z]/.test(trimmed)) throw new SyntaxError(value)
    // Bounded by the typed-data size limit; BigInt refuses a second sign, decimals, exponents and separators.
    const magnitude = BigInt(negative ? trimmed.slice(1) : trimmed)
    return (negative ? -magnitude : magnitude).toString()
  } catch {
    throw new DecodingError('invalidTypedData', `Field ${name} is not an integer.`, {
      path: `/params/1/message/${escapePointerToken(name)}`,
    })
  }
}
