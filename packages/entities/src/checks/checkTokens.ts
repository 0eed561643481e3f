import { ENTITY_ISSUE_CODES } from '../issue'
import { AddressTable } from './addressTable'
import type { IssueCollector } from './issueCollector'
import { chainKey, type Item, isEvmAddress, isItem, itemsOf } from './shared'

/** CAIP-19 asset id of an ERC-20 token on an EVM chain. */
const CAIP19_ERC20 = /^eip155:([1-9]\d{0,15})\/erc20:(0x[0-9a-fA-F]{40})$/

/**
 * Reports token ids that are not CAIP-19 `eip155:<chainId>/erc20:<address>`, or that disagree with the token.
 * Returns the tokens by chain and address, which the index reuses.
 */
export function checkTokens(doc: Item, issues: IssueCollector | null): AddressTable {
  const items = itemsOf(doc, 'tokens')
  const table = new AddressTable()
  for (let i = 0; i < items.length; i++) {
    const token = items[i]
    if (!isItem(token)) continue
    const chain = chainKey(token.chainId)
    if (typeof token.address === 'string' && chain !== undefined) table.add(chain, token.address, i)
    if (!issues || typeof token.id !== 'string') continue
    const match = CAIP19_ERC20.exec(token.id)
    if (!match) {
      issues.add({
        code: ENTITY_ISSUE_CODES.tokenIdFormat,
        severity: 'error',
        path: `/tokens/${i}/id`,
        message: `token id ${JSON.stringify(token.id)} is not a CAIP-19 id of the form eip155:<chainId>/erc20:<address>`,
      })
      continue
    }
    const chainId = Number(match[1])
    const address = match[2]!
    if (Number.isInteger(token.chainId) && token.chainId !== chainId) {
      issues.add({
        code: ENTITY_ISSUE_CODES.tokenIdMismatch,
        severity: 'error',
        path: `/tokens/${i}/id`,
        message: `token id names chain ${chainId} but the token's chainId is ${token.chainId}`,
        related: `/tokens/${i}/chainId`,
      })
    }
    if (isEvmAddress(token.address) && token.address.toLowerCase() !== address.toLowerCase()) {
      issues.add({
        code: ENTITY_ISSUE_CODES.tokenIdMismatch,
        severity: 'error',
        path: `/tokens/${i}/id`,
        message: `token id names address ${address} but the token's address is ${token.address}`,
        related: `/tokens/${i}/address`,
      })
    }
  }
  return table
}
