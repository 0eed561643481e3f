import { keccak_256 } from '@noble/hashes/sha3.js'
import { ENTITY_ISSUE_CODES } from '../issue'
import type { Steps } from '../steps'
import type { IssueCollector } from './issueCollector'
import { type Item, isEvmAddress, isItem, itemsOf } from './shared'

const collections = ['accounts', 'tokens', 'addressBook'] as const
const encoder = new TextEncoder()

/** Addresses looked at between two pauses of the steps: hashing 100,000 took 0.4 s, which held a server in one piece. */
const ADDRESSES_PER_STEP = 2_000

/**
 * Reports an address written in mixed case whose case is not its EIP-55 checksum. Mixed case is how an address
 * carries its checksum, so a failed one means a mistyped digit (or a mangled copy), which wallets refuse; an
 * address all in lowercase or all in uppercase carries none and is taken as written. The addresses in `checkedBefore`
 * (written exactly so) are not hashed again. Pauses every ADDRESSES_PER_STEP addresses.
 */
export function* checkChecksums(
  doc: Item,
  issues: IssueCollector,
  checkedBefore: ReadonlySet<string> = new Set(),
): Steps<void> {
  for (const collection of collections) {
    const items = itemsOf(doc, collection)
    for (let from = 0; from < items.length; from += ADDRESSES_PER_STEP) {
      checkRange(
        collection,
        items,
        issues,
        checkedBefore,
        from,
        Math.min(items.length, from + ADDRESSES_PER_STEP),
      )
      yield
    }
  }
}

/** The check of a collection's addresses from `from` to before `to`: a plain loop, which V8 runs faster. */
function checkRange(
  collection: (typeof collections)[number],
  items: readonly unknown[],
  issues: IssueCollector,
  checkedBefore: ReadonlySet<string>,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
    const item = items[i]
    if (!isItem(item) || !isEvmAddress(item.address)) continue
    if (!isMixedCase(item.address) || checkedBefore.has(item.address) || hasItsChecksum(item.address))
      continue
    const lower = item.address.slice(2).toLowerCase()
    issues.add({
      code: ENTITY_ISSUE_CODES.addressChecksum,
      severity: 'error',
      path: `/${collection}/${i}/address`,
      message: `address ${item.address} is in mixed case but fails its EIP-55 checksum (0x${checksummed(lower)}): a digit may be mistyped`,
    })
  }
}

/** Whether a well-formed address has hex letters in both cases (so it carries a checksum). */
function isMixedCase(address: string): boolean {
  let lower = false
  let upper = false
  for (let i = 2; i < 42; i++) {
    const code = address.charCodeAt(i)
    if (code >= 0x61) lower = true
    else if (code >= 0x41) upper = true
  }
  return lower && upper
}

const digitBytes = new Uint8Array(40)

/**
 * Whether a well-formed address's case is its EIP-55 checksum: a letter is uppercase exactly where the nibble of
 * keccak-256(its lowercase hex digits) is 8 or more. Read in place, with no string built: the hash is most of the
 * cost, and a document may hold a hundred thousand addresses.
 */
function hasItsChecksum(address: string): boolean {
  for (let i = 0; i < 40; i++) digitBytes[i] = address.charCodeAt(i + 2) | 0x20
  const hash = keccak_256(digitBytes)
  for (let i = 0; i < 40; i++) {
    const code = address.charCodeAt(i + 2)
    if (code < 0x41) continue
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    if (code <= 0x46 !== nibble >= 8) return false
  }
  return true
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
