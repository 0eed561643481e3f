import type { PreparedEntities } from './prepareEntities'

/**
 * How the policy library holds the organization (data.entities): as the prepared entities, but for the collections
 * that grow with the accounts, which it holds in shards: `accounts[shard][id]`, `accountsByAddress[shard][address]`,
 * `chainlessAccounts[shard][address]`. The library parses each collection it is given in one call, with no turn of
 * the event loop until it returns, and parsed whole, 100,000 accounts took 0.17-0.24 s and their addresses 0.14-0.17
 * s: one shard takes a sixteenth of that. Lookups cost one more key each.
 *
 * An account's shard is picked from its id here and handed to the library with what names the account (the
 * request's `accountShard`, an address's entries): Rego has no cheap hash. An address's shard is its last
 * character, which the library reads itself (`substring(address, count(address) - 1, 1)`): a hex digit for an EVM
 * address.
 */

type Collection = keyof PreparedEntities

/**
 * A hex digit from the id's FNV-1a hash: ids of any scheme spread evenly over 16 shards. Not the entities' table
 * hash (idTable.ts), which may change for speed: this one fixes where the library holds an account, and the Rego
 * tests' fixtures name the shards it picks.
 */
export function idShard(id: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  return HEX[(hash ^ (hash >>> 16)) & 15] as string
}

const HEX = '0123456789abcdef'

/**
 * The address's last character, a code point as Rego's substring counts them. The last, not one near the start:
 * vanity addresses, and generated ones, share their first digits.
 */
export function addressShard(address: string): string {
  const last = address.charCodeAt(address.length - 1)
  // Outside the surrogates, a UTF-16 unit is one code point: the common case needs no walk.
  if (!(last >= 0xd800 && last <= 0xdfff)) return address.slice(-1)
  return Array.from(address).pop() ?? ''
}

/** The collections held in shards, each with how a key picks its shard. */
const SHARD_OF: Partial<Record<Collection, (key: string) => string>> = {
  accounts: idShard,
  accountsByAddress: addressShard,
  chainlessAccounts: addressShard,
}

/** The function that picks a key's shard in the collection, when the library holds it in shards. */
export const shardOf = (collection: string) => SHARD_OF[collection as Collection]

/** Where the library holds a prepared key of a collection. */
export function libraryPath(collection: Collection, key: string): string[] {
  const shard = SHARD_OF[collection]
  return shard ? ['entities', collection, shard(key), key] : ['entities', collection, key]
}

/**
 * A prepared value as the library holds it: a chainless account is named with its shard, as an address's entries
 * are (prepareEntities files those with theirs).
 */
export function libraryValue(collection: Collection, value: unknown): unknown {
  if (collection !== 'chainlessAccounts' || value === undefined) return value
  return { id: value, shard: idShard(value as string) }
}

/** A collection in shards: each key under its shard, its value as the library holds it. */
export function inShards(
  collection: Collection,
  records: Record<string, unknown>,
  keys: readonly string[] = Object.keys(records),
): Record<string, Record<string, unknown>> {
  const shard = SHARD_OF[collection] as (key: string) => string
  // No prototype: an entity whose id is "__proto__" is a member like any other.
  const shards: Record<string, Record<string, unknown>> = Object.create(null)
  for (const key of keys) {
    const name = shard(key)
    shards[name] ??= Object.create(null)
    ;(shards[name] as Record<string, unknown>)[key] = libraryValue(collection, records[key])
  }
  return shards
}

/** The prepared entities as the library holds them. */
export function libraryEntities(prepared: PreparedEntities): Record<string, unknown> {
  const entities: Record<string, unknown> = { ...prepared }
  for (const collection of Object.keys(SHARD_OF) as Collection[])
    entities[collection] = inShards(collection, prepared[collection] as Record<string, unknown>)
  return entities
}
