/**
 * Positions of entities keyed by (chain, EVM address), addresses compared case-insensitively. An open-addressing
 * hash table over typed arrays: hashing folds letter case as it goes, so no lowercase copy of an address is ever
 * made, and a lookup allocates nothing. Chain null holds entries without a chain (account documents allow them),
 * which stand for their address on every chain.
 */
export class AddressTable {
  #slots: Int32Array
  #mask: number
  #chains: number[] = []
  #addresses: string[] = []
  #positions: number[] = []
  #hasChainless = false

  constructor(expected = 16) {
    let capacity = 16
    while (capacity < expected * 2) capacity *= 2
    this.#slots = new Int32Array(capacity).fill(-1)
    this.#mask = capacity - 1
  }

  get size(): number {
    return this.#positions.length
  }

  /**
   * Records the entity at `position` unless its address is already there on that chain, and returns the earlier
   * entity's position in that case. Returns null, recording nothing, when `address` is not 0x and 40 hex digits.
   */
  add(chain: number | null, address: string, position: number): number | undefined | null {
    const hash = hashAddress(chain, address)
    if (hash === null) return null
    let slot = hash & this.#mask
    for (;;) {
      const entry = this.#slots[slot]!
      if (entry < 0) break
      if (this.#chains[entry] === chainKey(chain) && sameAddress(this.#addresses[entry]!, address)) {
        return this.#positions[entry]
      }
      slot = (slot + 1) & this.#mask
    }
    this.#slots[slot] = this.#positions.length
    if (chain === null) this.#hasChainless = true
    this.#chains.push(chainKey(chain))
    this.#addresses.push(address)
    this.#positions.push(position)
    if (this.#positions.length * 2 > this.#slots.length) this.#grow()
    return undefined
  }

  /** The position recorded for an address on a chain, else for the address on every chain. */
  get(chain: number, address: string): number | undefined {
    return this.#find(chain, address) ?? (this.#hasChainless ? this.#find(null, address) : undefined)
  }

  #find(chain: number | null, address: string): number | undefined {
    const hash = hashAddress(chain, address)
    if (hash === null) return undefined
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const entry = this.#slots[slot]!
      if (entry < 0) return undefined
      if (this.#chains[entry] === chainKey(chain) && sameAddress(this.#addresses[entry]!, address)) {
        return this.#positions[entry]
      }
    }
  }

  #grow(): void {
    const slots = new Int32Array(this.#slots.length * 2).fill(-1)
    const mask = slots.length - 1
    for (let entry = 0; entry < this.#positions.length; entry++) {
      const chain = this.#chains[entry]!
      let slot = hashAddress(chain === CHAINLESS ? null : chain, this.#addresses[entry]!)! & mask
      while (slots[slot]! >= 0) slot = (slot + 1) & mask
      slots[slot] = entry
    }
    this.#slots = slots
    this.#mask = mask
  }
}

/** Not an integer, so it never collides with a chain id. */
const CHAINLESS = 0.5
const chainKey = (chain: number | null) => (chain === null ? CHAINLESS : chain)

/** Hex digit → lowercase, or -1. Setting bit 0x20 lowercases A-F and leaves 0-9 alone. */
function hexFolded(code: number): number {
  const folded = code | 0x20
  return (folded >= 0x30 && folded <= 0x39) || (folded >= 0x61 && folded <= 0x66) ? folded : -1
}

/** FNV-1a over the chain and the case-folded hex digits, or null when `address` is not an EVM address. */
function hashAddress(chain: number | null, address: string): number | null {
  if (address.length !== 42 || address.charCodeAt(0) !== 0x30 || (address.charCodeAt(1) | 0x20) !== 0x78) {
    return null
  }
  let hash = Math.imul(0x811c9dc5 ^ (chain === null ? 0 : chain | 0), 0x01000193)
  for (let i = 2; i < 42; i++) {
    const code = hexFolded(address.charCodeAt(i))
    if (code < 0) return null
    hash = Math.imul(hash ^ code, 0x01000193)
  }
  return hash >>> 0
}

/** Both are known EVM addresses, so folding bit 0x20 compares them case-insensitively. */
function sameAddress(a: string, b: string): boolean {
  if (a === b) return true
  for (let i = 2; i < 42; i++) {
    if ((a.charCodeAt(i) | 0x20) !== (b.charCodeAt(i) | 0x20)) return false
  }
  return true
}
