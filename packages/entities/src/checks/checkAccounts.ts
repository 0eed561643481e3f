import { ENTITY_ISSUE_CODES } from '../issue'
import type { Steps } from '../steps'
import { AddressTable } from './addressTable'
import type { IssueCollector } from './issueCollector'
import { chainKey, type Item, isItem, itemsOf } from './shared'

/** Accounts checked between two pauses of the steps: at 100,000 accounts the whole check took 30 ms in one piece. */
const ACCOUNTS_PER_STEP = 10_000

/**
 * Reports an account address that appears twice on the same chain (addresses compared case-insensitively), pausing
 * every ACCOUNTS_PER_STEP accounts. Returns the accounts by chain and address, which the index reuses.
 */
export function* checkAccounts(doc: Item, issues: IssueCollector | null): Steps<AddressTable> {
  const items = itemsOf(doc, 'accounts')
  const table = new AddressTable()
  for (let from = 0; from < items.length; from += ACCOUNTS_PER_STEP) {
    if (from > 0) yield
    checkRange(items, table, issues, from, Math.min(items.length, from + ACCOUNTS_PER_STEP))
  }
  return table
}

/** The check of the accounts from `from` to before `to`: a plain loop, which V8 runs faster than a generator's. */
function checkRange(
  items: readonly unknown[],
  table: AddressTable,
  issues: IssueCollector | null,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
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
}
