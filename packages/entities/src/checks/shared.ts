/** A JSON object as the checks see it: they only ever read members that the schema may not have vouched for. */
export type Item = Record<string, unknown>

export function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The items of a collection, or an empty list when the member is missing or not an array (the schema says so). */
export function itemsOf(doc: Item, collection: string): readonly unknown[] {
  const value = doc[collection]
  return Array.isArray(value) ? value : []
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS.test(value)
}

/**
 * A chain id as the checks key it: an integer chain, or null for an entry that applies to every chain. The schema
 * accepts any integer, so a chain id past 2^53 (read as the nearest number) is keyed too, not left unchecked.
 */
export function chainKey(value: unknown): number | null | undefined {
  if (value === undefined) return null
  return Number.isInteger(value) ? (value as number) : undefined
}
