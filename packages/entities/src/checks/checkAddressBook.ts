import { ENTITY_ISSUE_CODES } from '../issue'
import type { IssueCollector } from './issueCollector'
import { chainKey, type Item, isEvmAddress, isItem, itemsOf } from './shared'

/**
 * Reports address-book entries for the same address and chain: an error when they classify it differently (a
 * policy could not tell which applies), a warning when they merely repeat each other.
 */
export function checkAddressBook(doc: Item, issues: IssueCollector): void {
  const items = itemsOf(doc, 'addressBook')
  const byChain = new Map<number | null, Map<string, number>>()
  for (let i = 0; i < items.length; i++) {
    const entry = items[i]
    if (!isItem(entry) || !isEvmAddress(entry.address)) continue
    const chain = chainKey(entry.chainId)
    if (chain === undefined) continue
    let addresses = byChain.get(chain)
    if (!addresses) {
      addresses = new Map()
      byChain.set(chain, addresses)
    }
    const key = entry.address.toLowerCase()
    const first = addresses.get(key)
    if (first === undefined) {
      addresses.set(key, i)
      continue
    }
    const firstClassification = (items[first] as Item).classification
    const conflict = firstClassification !== entry.classification
    issues.add({
      code: conflict ? ENTITY_ISSUE_CODES.addressBookConflict : ENTITY_ISSUE_CODES.addressBookDuplicate,
      severity: conflict ? 'error' : 'warning',
      path: conflict ? `/addressBook/${i}/classification` : `/addressBook/${i}`,
      message: conflict
        ? `address ${entry.address} on chain ${chain} is classified ${JSON.stringify(entry.classification)} here but ${JSON.stringify(firstClassification)} in /addressBook/${first}`
        : `address ${entry.address} on chain ${chain} is already in the address book at /addressBook/${first}`,
      related: conflict ? `/addressBook/${first}/classification` : `/addressBook/${first}`,
    })
  }
}
