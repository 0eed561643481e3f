/**
 * Positions of entities keyed by chain, then by lowercased address, so addresses compare case-insensitively.
 * Nested maps avoid building a string key per entry. Chain null holds entries without a chain (account documents
 * allow them), which stand for their address on every chain.
 */
export class AddressTable {
  readonly #chains = new Map<number | null, Map<string, number>>()

  /** Records the entity at `position` unless its address is already there on that chain; then returns the earlier one. */
  add(chain: number | null, address: string, position: number): number | undefined {
    let addresses = this.#chains.get(chain)
    if (!addresses) {
      addresses = new Map()
      this.#chains.set(chain, addresses)
    }
    const key = address.toLowerCase()
    const first = addresses.get(key)
    if (first === undefined) addresses.set(key, position)
    return first
  }

  /** The position recorded for an address on a chain, else for the address on every chain. */
  get(chain: number, address: string): number | undefined {
    const key = address.toLowerCase()
    return this.#chains.get(chain)?.get(key) ?? this.#chains.get(null)?.get(key)
  }

  /** How many entries the table holds. */
  get size(): number {
    let size = 0
    for (const addresses of this.#chains.values()) size += addresses.size
    return size
  }
}
