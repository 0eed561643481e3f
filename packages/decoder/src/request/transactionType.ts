import { DecodingError } from '../errors/decodingError'
import { smallHexQuantity } from '../hexDigits'

/** The transaction types the decoder reads whole: everything they sign is the call, its value and its gas. */
export type TransactionType = 'legacy' | 'eip2930' | 'eip1559'

const readTypes: readonly TransactionType[] = ['legacy', 'eip2930', 'eip1559']
const setCode = 4

/**
 * The `type` of a transaction request (0x hex, decimal, a number, or viem's names), undefined when absent. An
 * EIP-7702 transaction (type 4, or any request with an authorization list) sets the code of the authorizing
 * accounts to a delegate that then controls all they hold, and a blob transaction (type 3) pays a fee no intent
 * counts; those and unknown types (zkSync's 0x71 with its paymaster...) are refused, not read as their call alone.
 */
export function transactionType(tx: Record<string, unknown>, path: string): TransactionType | undefined {
  const list = tx.authorizationList
  if (list !== undefined && list !== null && !(Array.isArray(list) && list.length === 0)) {
    throw new DecodingError(
      'invalidTransaction',
      'EIP-7702 authorizations delegate the authorizing accounts to other code; they are not decoded.',
      { path: `${path}/authorizationList` },
    )
  }
  const value = tx.type
  if (value === undefined || value === null) return undefined
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? numberOfType(value) : Number.NaN
  const type =
    readTypes[number] ??
    (typeof value === 'string' && (readTypes as readonly string[]).includes(value)
      ? (value as TransactionType)
      : undefined)
  if (type) return type
  throw new DecodingError(
    'invalidTransaction',
    number === setCode || value === 'eip7702'
      ? 'EIP-7702 transactions delegate the sender to other code; they are not decoded.'
      : 'Only legacy (0x0), access-list (0x1) and EIP-1559 (0x2) transactions are decoded.',
    { path: `${path}/type`, context: { supported: ['0x0', '0x1', '0x2'] } },
  )
}

function numberOfType(value: string): number {
  if (/^(0|[1-9][0-9]{0,5})$/.test(value)) return Number(value)
  const small = smallHexQuantity(value)
  return small < 0 ? Number.NaN : small
}
