import { keccak_256 } from '@noble/hashes/sha3.js'
import { ENTITY_ISSUE_CODES } from '../issue'
import type { IssueCollector } from './issueCollector'
import { type Item, isEvmAddress, isItem, itemsOf } from './shared'

const collections = ['accounts', 'tokens', 'addressBook'] as const
const encoder = new TextEncoder()

/**
 * Reports an address written in mixed case whose case is not its EIP-55 checksum. Mixed case is how an address
 * carries its checksum, so a failed one means a mistyped digit (or a mangled copy), which wallets refuse; an
 * address all in lowercase or all in uppercase carries none and is taken as written.
 */
export function checkChecksums(doc: Item, issues: IssueCollector): void {
  for (const collection of collections) {
    const items = itemsOf(doc, collection)
    for (let i = 0; i < items.length; i++) {
      const item = items[i]
      if (!isItem(item) || !isEvmAddress(item.address)) continue
      const digits = item.address.slice(2)
      const lower = digits.toLowerCase()
      if (digits === lower || digits === digits.toUpperCase()) continue
      if (digits === checksummed(lower)) continue
      issues.add({
        code: ENTITY_ISSUE_CODES.addressChecksum,
        severity: 'error',
        path: `/${collection}/${i}/address`,
        message: `address ${item.address} is in mixed case but fails its EIP-55 checksum (0x${checksummed(lower)}): a digit may be mistyped`,
      })
    }
  }
}

/** An address in EIP-55 case. */
export function checksumAddress(address: string): string {
  return `0x${checksummed(address.slice(2).toLowerCase())}`
}

/** The 40 hex digits of a lowercase address in EIP-55 case: a letter is uppercase where the hash's nibble is 8 or more. */
function checksummed(lower: string): string {
  const hash = keccak_256(encoder.encode(lower))
  let out = ''
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!
  }
  return out
}
