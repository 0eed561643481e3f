import { ENTITY_ISSUE_CODES } from '../issue'
import type { IssueCollector } from './issueCollector'
import { chainKey, type Item, isEvmAddress, isItem, itemsOf } from './shared'

/** Reports an account address that appears twice on the same chain (addresses compared case-insensitively). */
export function checkAccounts(doc: Item, issues: IssueCollector): void {
  const items = itemsOf(doc, 'accounts')
  const byChain = new Map<number | null, Map<string, number>>()
  for (let i = 0; i < items.length; i++) {
    const account = items[i]
    if (!isItem(account) || !isEvmAddress(account.address)) continue
    const chain = chainKey(account.chainId)
    if (chain === undefined) continue
    let addresses = byChain.get(chain)
    if (!addresses) {
      addresses = new Map()
      byChain.set(chain, addresses)
    }
    const key = account.address.toLowerCase()
    const first = addresses.get(key)
    if (first === undefined) {
      addresses.set(key, i)
      continue
    }
    issues.add({
      code: ENTITY_ISSUE_CODES.duplicateAccountAddress,
      severity: 'error',
      path: `/accounts/${i}/address`,
      message: `address ${account.address} is already account /accounts/${first} on ${chain === null ? 'every chain' : `chain ${chain}`}`,
      related: `/accounts/${first}/address`,
    })
  }
}
