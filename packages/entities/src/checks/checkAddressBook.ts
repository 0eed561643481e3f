import { ENTITY_ISSUE_CODES } from '../issue'
import { AddressTable } from './addressTable'
import type { IssueCollector } from './issueCollector'
import { chainKey, type Item, isItem, itemsOf } from './shared'

/**
 * Reports address-book entries for the same address and chain: an error when they classify it differently (a
 * policy could not tell which applies), a warning when they merely repeat each other. Returns the entries by
 * chain and address, which the index reuses.
 */
export function checkAddressBook(doc: Item, issues: IssueCollector | null): AddressTable {
  const items = itemsOf(doc, 'addressBook')
  const table = new AddressTable()
  for (let i = 0; i < items.length; i++) {
    const entry = items[i]
    if (!isItem(entry) || typeof entry.address !== 'string') continue
    const chain = chainKey(entry.chainId)
    if (chain === undefined) continue
    const first = table.add(chain, entry.address, i)
    if (first === undefined || !issues) continue
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
  return table
}
