/**
 * Positions of entities by chain, then by lowercased address. Chain null holds entries without a chain (account
 * documents allow them), which stand for their address on every chain. Nested maps avoid building a string key
 * per entry.
 */
export type AddressTable = Map<number | null, Map<string, number>>

/** Records the entry at `position` unless its address is already on that chain; returns the earlier position. */
export function addAddress(table: AddressTable, chain: number | null, address: string, position: number) {
  let addresses = table.get(chain)
  if (!addresses) {
    addresses = new Map()
    table.set(chain, addresses)
  }
  const key = address.toLowerCase()
  const first = addresses.get(key)
  if (first === undefined) addresses.set(key, position)
  return first
}
