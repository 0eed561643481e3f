import type { WriteGeneration } from './writeTracking'

export type ReadCacheOptions = {
  /** The most rows (as each read weighs its result) held at once; the least recently used go first past it. */
  maxWeight?: number
}

type Entry = { value: Promise<unknown>; weight: number }

/**
 * Results of reads, kept until the database's next write that may change them (see {@link WriteGeneration}):
 * every entry belongs to the generation it was read in, and the first read after a write empties the cache. Reads
 * of the same key while one is running share it. A failed read is not kept. Values are shared between requests,
 * so callers must not change them.
 *
 * Only for a database this process alone writes (PGlite): with PostgreSQL another gateway's writes would go unseen.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>()
  private generation: number
  private weight = 0
  private readonly maxWeight: number

  constructor(
    private readonly writes: WriteGeneration,
    options: ReadCacheOptions = {},
  ) {
    this.generation = writes.value
    this.maxWeight = options.maxWeight ?? 50_000
  }

  get size(): number {
    return this.entries.size
  }

  /**
   * The cached result for `key`, or `load()`'s, kept for later reads. `load` must depend on nothing but what
   * `key` names and the database (no clock, no caller): anyone asking for `key` gets its result.
   */
  read<T>(key: string, load: () => Promise<T>, weightOf: (value: T) => number = () => 1): Promise<T> {
    if (this.writes.value !== this.generation) this.clear()
    const found = this.entries.get(key)
    if (found) {
      // Most recently used last, so eviction takes the first.
      this.entries.delete(key)
      this.entries.set(key, found)
      return found.value as Promise<T>
    }
    const value = load()
    const entry: Entry = { value, weight: 1 }
    this.entries.set(key, entry)
    this.weight += 1
    value.then(
      (result) => {
        if (this.entries.get(key) !== entry) return
        const weight = Math.max(1, weightOf(result))
        // One result larger than the whole cache is not kept, rather than pushing out everything else.
        if (weight > this.maxWeight) return this.remove(key, entry)
        this.weight += weight - entry.weight
        entry.weight = weight
        this.evict()
      },
      () => this.remove(key, entry),
    )
    this.evict()
    return value
  }

  private clear(): void {
    this.entries.clear()
    this.weight = 0
    this.generation = this.writes.value
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return
    this.entries.delete(key)
    this.weight -= entry.weight
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.weight <= this.maxWeight) return
      this.remove(key, entry)
    }
  }
}

/** How many objects a result holds in its arrays, at any depth: a response's rows, nested ones included. */
export function rowsIn(value: unknown): number {
  if (Array.isArray(value)) {
    let rows = value.length
    for (const item of value) rows += rowsIn(item)
    return rows
  }
  if (value === null || typeof value !== 'object') return 0
  let rows = 0
  for (const field of Object.values(value))
    if (typeof field === 'object' && field !== null) rows += rowsIn(field)
  return rows
}

/**
 * `load()`'s result, from `cache` where the gateway has one, weighed by its rows. `key` names everything the
 * result depends on besides the database (the route, its parameters and query, the caller's scope).
 */
export function cachedRead<T>(
  cache: ReadCache | undefined,
  key: readonly unknown[],
  load: () => Promise<T>,
): Promise<T> {
  return cache ? cache.read(JSON.stringify(key), load, rowsIn) : load()
}
