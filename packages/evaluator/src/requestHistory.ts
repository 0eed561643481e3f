import { fromRequest } from './computeLimits'
import { decimalsOf } from './fiatInput'
import { fiatUnitsOf, formatFiatUnits } from './fiatValue'
import type { EvaluationRequest, HistoryTransfer } from './generated/evaluationRequest'

/**
 * What later decisions count of a permitted request, exactly as the evaluator counted the request itself toward its
 * limits: each amount it moves (a call's token amount and the native value it sends, the value once when the
 * amount is the value itself; each transfer of a Permit2 batch signature transfer or an ERC-1155 batch transfer,
 * each allowance of a Permit2 batch permit; the calls of batches and user operations at any depth, and the value
 * they keep), or, when it moves nothing, one entry of amount 0, which rate limits count. Record these in the
 * history that later requests carry. With the request's id, its entries carry it, and a rate limit counts them
 * once, as it counted the request. Each entry records its value in every currency the request's prices give for
 * its token (`values`, rounded up to millionths), which spending limits in that currency sum: a transfer counts at
 * the price of its own decision. Pass `decimals` (the entities' token decimals) to value tokens other than the
 * native currency.
 */
export function requestHistory(
  request: EvaluationRequest,
  userId: string,
  requestId?: string,
  decimals: Record<string, number> = {},
): HistoryTransfer[] {
  const timestamp = request.now ?? Math.floor(Date.now() / 1000)
  const entries: HistoryTransfer[] = []
  for (const movement of fromRequest(request, userId)) {
    entries.push({
      amount: movement.amount.toString(),
      ...(movement.token === undefined ? {} : { token: movement.token }),
      ...(movement.chainId === undefined ? {} : { chainId: movement.chainId }),
      principal: userId,
      ...(request.resource === undefined ? {} : { resource: request.resource }),
      ...(movement.to === undefined ? {} : { to: movement.to }),
      timestamp,
      ...(requestId === undefined ? {} : { requestId }),
      ...valuesOf(movement.amount, movement.token, request.prices, decimals),
    })
  }
  return entries
}

/** The recorded values of one movement: in each currency its token has a price in, when its decimals are known. */
function valuesOf(
  amount: bigint,
  token: string | undefined,
  prices: EvaluationRequest['prices'],
  decimals: Record<string, number>,
): { values?: Record<string, string> } {
  if (token === undefined || prices === undefined) return {}
  const lowered = token.toLowerCase()
  let quotes: NonNullable<EvaluationRequest['prices']>[string] | undefined
  for (const asset in prices) if (asset.toLowerCase() === lowered) quotes = prices[asset]
  if (quotes === undefined) return {}
  let places: number
  try {
    places = decimalsOf(token, decimals)
  } catch {
    return {}
  }
  const values: Record<string, string> = {}
  for (const currency in quotes)
    values[currency] = formatFiatUnits(fiatUnitsOf(amount, quotes[currency]?.price ?? '0', places))
  return { values }
}
