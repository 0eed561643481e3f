import { ENTITY_ISSUE_CODES } from '../issue'
import { AddressTable } from './addressTable'
import type { IssueCollector } from './issueCollector'
import { chainKey, type Item, isItem, itemsOf } from './shared'

/**
 * Reports an account address that appears twice on the same chain (addresses compared case-insensitively).
 * Returns the accounts by chain and address, which the index reuses.
 */
export function checkAccounts(doc: Item, issues: IssueCollector | null): AddressTable {
  const items = itemsOf(doc, 'accounts')
  const table = new AddressTable()
  for (let i = 0; i < items.length; i++) {
    const account = items[i]
    if (!isItem(account) || typeof account.address !== 'string') continue
    const chain = chainKey(account.chainId)
    if (chain === undefined) continue
    const first = table.add(chain, account.address, i)
    if (first === undefined || !issues) continue
    issues.add({
      code: ENTITY_ISSUE_CODES.duplicateAccountAddress,
      severity: 'error',
      path: `/accounts/${i}/address`,
      message: `address ${account.address} is already account /accounts/${first} on ${chain === null ? 'every chain' : `chain ${chain}`}`,
      related: `/accounts/${first}/address`,
    })
  }
  return table
}
