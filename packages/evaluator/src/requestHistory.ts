import { fromRequest } from './computeLimits'
import type { EvaluationRequest, HistoryTransfer } from './generated/evaluationRequest'

/**
 * What later decisions count of a permitted request, exactly as the evaluator counted the request itself toward its
 * limits: each amount it moves (a call's token amount and the native value it sends, the value once when the
 * amount is the value itself; each transfer of a Permit2 batch signature transfer or an ERC-1155 batch transfer,
 * each allowance of a Permit2 batch permit; the calls of batches and user operations at any depth, and the value
 * they keep), or, when it moves nothing, one entry of amount 0, which rate limits count. Record these in the
 * history that later requests carry. With the request's id, its entries carry it, and a rate limit counts them
 * once, as it counted the request.
 */
export function requestHistory(
  request: EvaluationRequest,
  userId: string,
  requestId?: string,
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
    })
  }
  return entries
}
