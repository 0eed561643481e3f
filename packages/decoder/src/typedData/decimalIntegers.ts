/** EIP-712 integer types: int8 … int256, uint8 … uint256. */
const INTEGER_TYPE =
  /^u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?$/
const HEX_INTEGER = /^-?0x[0-9a-fA-F]+$/

/**
 * A typed-data message with its top-level integers written in hex rewritten as decimal strings. EIP-712 lets a
 * request write an integer as a number, a decimal string or 0x hex, and signers hash all three the same: written
 * one way in the intent, a policy on the value cannot be sidestepped by writing it another way. The message has
 * already been checked against its types, so each hex string is an integer of its field's type.
 */
export function decimalIntegers(
  message: Record<string, unknown>,
  fields: readonly { name: string; type: string }[] | undefined,
): Record<string, unknown> {
  let rewritten: Record<string, unknown> | undefined
  for (const { name, type } of fields ?? []) {
    const value = Object.hasOwn(message, name) ? message[name] : undefined
    if (!INTEGER_TYPE.test(type) || typeof value !== 'string' || !HEX_INTEGER.test(value)) continue
    rewritten ??= { ...message }
    const negative = value.startsWith('-')
    const magnitude = BigInt(negative ? value.slice(1) : value)
    rewritten[name] = (negative ? -magnitude : magnitude).toString()
  }
  return rewritten ?? message
}
