/**
 * How many entries of one bucket the table holds before the rest of them go to a map, so that crafted lookalikes
 * cost no more.
 */
const CROWD = 8

/** What a slot holds in place of the bucket of an entry moved to its bucket's crowd (a bucket is never negative). */
const MOVED = -1

const HEX_VALUE = new Int8Array(128).fill(-1)
for (let i = 0; i < 16; i++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i
}

/**
 * The bucket of a `0x`-prefixed hex address: the value of its first seven digits, whatever their case (a small
 * integer, so no key string is built), or -1 when the text does not start that way.
 */
function bucketOf(address: string): number {
  if (address.length < 9 || address.charCodeAt(0) !== 0x30 || (address.charCodeAt(1) | 0x20) !== 0x78)
    return -1
  let bucket = 0
  for (let i = 2; i < 9; i++) {
    const code = address.charCodeAt(i)
    const digit = code < 128 ? HEX_VALUE[code]! : -1
    if (digit < 0) return -1
    bucket = (bucket << 4) | digit
  }
  return bucket
}

/** Whether two texts are equal once lowercased, comparing ASCII in place. */
function sameAddress(a: string, b: string): boolean {
  if (a === b) return true
  if (a.length !== b.length) return a.toLowerCase() === b.toLowerCase()
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i)
    let y = b.charCodeAt(i)
    if (x === y) continue
    if (x > 0x7f || y > 0x7f) return a.toLowerCase() === b.toLowerCase()
    if (x >= 0x41 && x <= 0x5a) x += 0x20
    if (y >= 0x41 && y <= 0x5a) y += 0x20
    if (x !== y) return false
  }
  return true
}

/**
 * The entries of one chain. Hex addresses sit in an open-addressing table of (first digits, entry + 1) pairs in
 * one typed array, probed linearly; once CROWD entries share their first digits (lookalikes made on purpose, or
 * addresses numbered in order, as test organizations have them), all of that bucket's go to a map by lowercased
 * text, so a crowd costs no more than a map. Anything that is not a hex address is filed by its lowercased text too.
 */
class ChainAddresses {
  slots = new Int32Array(32)
  /** The table's capacity is 2^bits; a slot is picked by the top bits of a seeded product. */
  bits = 4
  filed = 0
  readonly crowds = new Map<number, Map<string, number>>()
  readonly others = new Map<string, number>()
}

/**
 * Mixes a bucket with a seed drawn per process, so that nobody can choose addresses whose buckets fall into one
 * run of slots (which would make every probe walk it).
 */
const SEED = (Math.random() * 0x100000000) | 0

function firstSlot(bucket: number, bits: number): number {
  return Math.imul(bucket ^ SEED, 0x9e3779b1) >>> (32 - bits)
}

/**
 * Positions of entities keyed by chain, then by address compared case-insensitively. A hex address is filed under
 * the value of its first digits and compared in full only against the few that share them, so a hundred thousand
 * checksummed addresses do not each cost a lowercased copy to build, hash and collect, nor a native map's entry
 * (a Map of 20,000 integer keys cost 0.2 µs an insert, most of the check's time). Chain null holds entries
 * without a chain (account documents allow them), which stand for their address on every chain.
 */
export class AddressTable {
  readonly #chains = new Map<number | null, ChainAddresses>()
  readonly #addresses: string[] = []
  readonly #positions: number[] = []
  #size = 0

  /** Records the entity at `position` unless its address is already there on that chain; then returns the earlier one. */
  add(chain: number | null, address: string, position: number): number | undefined {
    let entries = this.#chains.get(chain)
    if (!entries) {
      entries = new ChainAddresses()
      this.#chains.set(chain, entries)
    }
    const bucket = bucketOf(address)
    if (bucket < 0) return this.#fileText(entries.others, address.toLowerCase(), position)
    const crowd = entries.crowds.size === 0 ? undefined : entries.crowds.get(bucket)
    if (crowd) return this.#fileText(crowd, address.toLowerCase(), position)
    const { slots } = entries
    const mask = (1 << entries.bits) - 1
    let lookalikes = 0
    let slot = firstSlot(bucket, entries.bits)
    for (; ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2 + 1]! - 1
      if (entry < 0) break
      if (slots[slot * 2] !== bucket) continue
      if (sameAddress(this.#addresses[entry]!, address)) return this.#positions[entry]
      lookalikes++
    }
    if (lookalikes >= CROWD) {
      return this.#fileText(this.#crowdOf(entries, bucket), address.toLowerCase(), position)
    }
    slots[slot * 2] = bucket
    slots[slot * 2 + 1] = this.#addresses.push(address)
    this.#positions.push(position)
    this.#size++
    if (++entries.filed * 2 > mask + 1) grow(entries)
    return undefined
  }

  /** The position recorded for an address on a chain, else for the address on every chain. */
  get(chain: number, address: string): number | undefined {
    const bucket = bucketOf(address)
    return (
      this.#lookup(this.#chains.get(chain), bucket, address) ??
      this.#lookup(this.#chains.get(null), bucket, address)
    )
  }

  /** How many entries the table holds. */
  get size(): number {
    return this.#size
  }

  #lookup(entries: ChainAddresses | undefined, bucket: number, address: string): number | undefined {
    if (!entries) return undefined
    if (bucket < 0) return entries.others.get(address.toLowerCase())
    const crowd = entries.crowds.size === 0 ? undefined : entries.crowds.get(bucket)
    if (crowd) return crowd.get(address.toLowerCase())
    const { slots } = entries
    const mask = (1 << entries.bits) - 1
    for (let slot = firstSlot(bucket, entries.bits); ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2 + 1]! - 1
      if (entry < 0) return undefined
      if (slots[slot * 2] === bucket && sameAddress(this.#addresses[entry]!, address))
        return this.#positions[entry]
    }
  }

  /**
   * The map a bucket's entries move to once CROWD of them share it: each, by its lowercased text. Their slots stay
   * taken, marked MOVED, so that no probe stops short; growing the table drops them.
   */
  #crowdOf(entries: ChainAddresses, bucket: number): Map<string, number> {
    const crowd = new Map<string, number>()
    const { slots } = entries
    const mask = (1 << entries.bits) - 1
    for (let slot = firstSlot(bucket, entries.bits); ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2 + 1]! - 1
      if (entry < 0) break
      if (slots[slot * 2] !== bucket) continue
      crowd.set(this.#addresses[entry]!.toLowerCase(), this.#positions[entry]!)
      slots[slot * 2] = MOVED
    }
    entries.crowds.set(bucket, crowd)
    return crowd
  }

  #fileText(entries: Map<string, number>, lowercased: string, position: number): number | undefined {
    const first = entries.get(lowercased)
    if (first !== undefined) return first
    this.#size++
    entries.set(lowercased, position)
    return undefined
  }
}

/** Doubles a chain's table, refiling every entry by its bucket and dropping those moved to a crowd. */
function grow(entries: ChainAddresses): void {
  const old = entries.slots
  entries.bits++
  const slots = new Int32Array(old.length * 2)
  const mask = (1 << entries.bits) - 1
  let filed = 0
  for (let from = 0; from < old.length; from += 2) {
    if (old[from + 1] === 0 || old[from] === MOVED) continue
    let slot = firstSlot(old[from]!, entries.bits)
    while (slots[slot * 2 + 1] !== 0) slot = (slot + 1) & mask
    slots[slot * 2] = old[from]!
    slots[slot * 2 + 1] = old[from + 1]!
    filed++
  }
  entries.slots = slots
  entries.filed = filed
}
