/** Entities whose addresses share a bucket: one, a few (compared in turn), or a crowd (keyed exactly). */
type Bucket = number | number[] | Map<string, number>

/** A bucket holds this many entries before it becomes a map, so crafted lookalike prefixes cost no more. */
const CROWD = 8

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

/** The entries of one chain: hex addresses by bucket, anything else by its lowercased text. */
class ChainAddresses {
  readonly buckets = new Map<number, Bucket>()
  readonly others = new Map<string, number>()
}

/**
 * Positions of entities keyed by chain, then by address compared case-insensitively. A hex address is filed under
 * the value of its first digits and compared in full only against the few that share them, so a hundred thousand
 * checksummed addresses do not each cost a lowercased copy to build, hash and collect. Chain null holds entries
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
    const key = bucketOf(address)
    if (key < 0) {
      const lower = address.toLowerCase()
      const first = entries.others.get(lower)
      if (first === undefined) this.#record(entries.others, lower, position)
      return first
    }
    const bucket = entries.buckets.get(key)
    if (bucket === undefined) {
      entries.buckets.set(key, this.#slot(address, position))
      return undefined
    }
    if (bucket instanceof Map) {
      const lower = address.toLowerCase()
      const first = bucket.get(lower)
      if (first === undefined) this.#record(bucket, lower, position)
      return first
    }
    const first = this.#find(bucket, address)
    if (first !== undefined) return first
    const slots = typeof bucket === 'number' ? [bucket] : bucket
    if (slots.length < CROWD) {
      slots.push(this.#slot(address, position))
      entries.buckets.set(key, slots)
      return undefined
    }
    const crowd = new Map<string, number>()
    for (const slot of slots) crowd.set(this.#addresses[slot]!.toLowerCase(), this.#positions[slot]!)
    this.#record(crowd, address.toLowerCase(), position)
    entries.buckets.set(key, crowd)
    return undefined
  }

  /** The position recorded for an address on a chain, else for the address on every chain. */
  get(chain: number, address: string): number | undefined {
    const key = bucketOf(address)
    return (
      this.#lookup(this.#chains.get(chain), key, address) ??
      this.#lookup(this.#chains.get(null), key, address)
    )
  }

  /** How many entries the table holds. */
  get size(): number {
    return this.#size
  }

  #lookup(entries: ChainAddresses | undefined, key: number, address: string): number | undefined {
    if (!entries) return undefined
    if (key < 0) return entries.others.get(address.toLowerCase())
    const bucket = entries.buckets.get(key)
    if (bucket === undefined) return undefined
    if (bucket instanceof Map) return bucket.get(address.toLowerCase())
    return this.#find(bucket, address)
  }

  #find(bucket: number | number[], address: string): number | undefined {
    if (typeof bucket === 'number') {
      return sameAddress(this.#addresses[bucket]!, address) ? this.#positions[bucket] : undefined
    }
    for (const slot of bucket) if (sameAddress(this.#addresses[slot]!, address)) return this.#positions[slot]
    return undefined
  }

  #slot(address: string, position: number): number {
    this.#size++
    this.#positions.push(position)
    return this.#addresses.push(address) - 1
  }

  #record(entries: Map<string, number>, lowercased: string, position: number): void {
    this.#size++
    entries.set(lowercased, position)
  }
}
