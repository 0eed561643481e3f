import type { EntityIndex } from '@rampart/entities'
import type { DataProvider, TokenInfo } from '../erc7730'

interface EntityToken {
  address: string
  chainId: number
  symbol?: string | null
  decimals: number
}
interface EntityAddress {
  id: string
  address: string
  chainId?: number
}

/** The parts of an Entities document (or of an index holding one) the decoder reads. */
export interface EntitiesLike {
  tokens?: readonly EntityToken[]
  addressBook?: readonly EntityAddress[]
  accounts?: readonly EntityAddress[]
}

/**
 * The default data provider: token metadata and address names from an organization's Entities document, so
 * its own names (accounts, address book) appear on screen. Lookups are O(1) and case-insensitive.
 * Takes an index from @rampart/entities (`loadEntities`, `indexEntities`) or the document itself. Untyped callers
 * may also hand it an object holding the document as `document` / `doc` / `entities`, and anything else gives no
 * names: what it reads, it checks.
 */
export function createEntitiesDataProvider(entities: EntityIndex | EntitiesLike): DataProvider {
  if (isIndex(entities)) return fromIndex(entities)
  const doc = unwrap(entities)
  const tokens = new ByChain<TokenInfo>()
  const names = new ByChain<string>()
  for (const token of list<EntityToken>(doc.tokens)) {
    if (typeof token?.address !== 'string' || typeof token.decimals !== 'number') continue
    const info: TokenInfo = { decimals: token.decimals }
    if (typeof token.symbol === 'string') {
      info.symbol = token.symbol
      info.name = token.symbol
    }
    tokens.set(token.chainId, token.address, info)
  }
  // Accounts win over address-book entries: they are the organization's own.
  for (const entry of [...list<EntityAddress>(doc.addressBook), ...list<EntityAddress>(doc.accounts)]) {
    if (typeof entry?.address !== 'string' || typeof entry.id !== 'string') continue
    names.set(entry.chainId, entry.address, entry.id)
  }
  return {
    token: (chainId, address) => tokens.get(chainId, address),
    addressName: (chainId, address) => names.get(chainId, address) ?? names.get(undefined, address),
  }
}

/**
 * Values by chain, then by lowercase address: two lookups on every screen, without building a
 * `chainId:address` key string for each (a chain written as text in the document matches its number).
 */
class ByChain<T> {
  private readonly chains = new Map<string, Map<string, T>>()

  set(chainId: number | undefined, address: string, value: T): void {
    const chain = String(chainId ?? '*')
    let byAddress = this.chains.get(chain)
    if (!byAddress) {
      byAddress = new Map()
      this.chains.set(chain, byAddress)
    }
    byAddress.set(address.toLowerCase(), value)
  }

  get(chainId: number | undefined, address: string): T | undefined {
    const byAddress = this.chains.get(String(chainId ?? '*'))
    if (!byAddress) return undefined
    // Addresses mostly come lowercase: looked up as they are first, they are hashed once for all lookups.
    const found = byAddress.get(address)
    if (found !== undefined) return found
    const lower = address.toLowerCase()
    return lower === address ? undefined : byAddress.get(lower)
  }
}

function list<T>(value: unknown): readonly T[] {
  return Array.isArray(value) ? (value as T[]) : []
}

function unwrap(value: unknown): EntitiesLike {
  if (!value || typeof value !== 'object') return {}
  const record = value as Record<string, unknown>
  if (Array.isArray(record.tokens) || Array.isArray(record.addressBook) || Array.isArray(record.accounts)) {
    return record as EntitiesLike
  }
  for (const inner of ['document', 'doc', 'entities']) {
    const candidate = record[inner]
    if (candidate && typeof candidate === 'object') return unwrap(candidate)
  }
  return {}
}

function isIndex(value: unknown): value is EntityIndex {
  const index = value as Partial<EntityIndex> | null
  return (
    typeof index?.tokenByAddress === 'function' &&
    typeof index.addressBookEntry === 'function' &&
    typeof index.accountByAddress === 'function'
  )
}

/** Lookups straight through the entities index (already O(1) and case-insensitive). */
function fromIndex(index: EntityIndex): DataProvider {
  return {
    token: (chainId, address) => {
      const token = index.tokenByAddress(chainId, address)
      if (!token) return undefined
      const info: TokenInfo = { decimals: token.decimals }
      if (typeof token.symbol === 'string') {
        info.symbol = token.symbol
        info.name = token.symbol
      }
      return info
    },
    addressName: (chainId, address) =>
      index.accountByAddress(chainId, address)?.id ?? index.addressBookEntry(chainId, address)?.id,
  }
}
