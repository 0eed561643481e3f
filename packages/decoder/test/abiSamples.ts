import { keccak256, toHex } from 'viem'

/** Deterministic pseudo-random words, so that a failure is reproducible. */
export function word(seed: number, bytes: number): `0x${string}` {
  return keccak256(toHex(seed)).slice(0, 2 + bytes * 2) as `0x${string}`
}

/**
 * A value of a one-word static ABI type (address, bool, intN, uintN, bytesN), as viem takes and returns it.
 * Integers are small (1 to 64 significant bits, as most amounts are) for odd seeds and of the type's full
 * width otherwise, which covers the short and the full-word readers and the boundary between them; seed 3 is
 * the type's maximum.
 */
export function sample(type: string, seed: number): unknown {
  if (type === 'address') return word(seed, 20)
  if (type === 'bool') return seed % 2 === 0
  const integer = /^u?int(\d+)$/.exec(type)
  if (integer) {
    const bits = Number(integer[1])
    const width = seed % 2 === 0 ? bits : Math.min(bits, 1 + (seed % 64))
    const value = seed === 3 ? (1n << BigInt(bits)) - 1n : BigInt(word(seed, 32)) % (1n << BigInt(width))
    const signed = type.startsWith('int') ? value - (1n << BigInt(bits - 1)) : value
    return bits <= 48 ? Number(signed) : signed
  }
  const bytes = /^bytes(\d+)$/.exec(type)
  if (bytes) return word(seed, Number(bytes[1]))
  throw new Error(`no sample for ${type}`)
}
