import type { EvaluationRequest, HistoryTransfer } from '@rampart/evaluator'

type Intent = NonNullable<EvaluationRequest['intent']>

/** Intents that only carry calls: their calls, at any depth, are what they move (as the evaluator reads them). */
const containers = new Set(['batch', 'userOperation'])

/**
 * What later decisions count of a permitted request, exactly as the evaluator counted the request itself: each
 * amount it moves (a token amount, else the native value), the calls of batches and user operations at any depth;
 * a request that moves nothing (a message, typed data, raw bytes) is one entry of amount 0, which rate limits
 * count. A loop, not recursion: the evaluator bounds nesting, this never exhausts the stack.
 */
export function historyOf(request: EvaluationRequest, userId: string): HistoryTransfer[] {
  const timestamp = request.now ?? Math.floor(Date.now() / 1000)
  const base = { principal: userId, ...(request.resource ? { resource: request.resource } : {}), timestamp }
  const entries: HistoryTransfer[] = []
  const pending: Intent[] = request.intent ? [request.intent] : []
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (containers.has(next.type) && next.intents) {
      for (let i = next.intents.length - 1; i >= 0; i--) pending.push(next.intents[i] as Intent)
      continue
    }
    const native = next.amount === undefined
    const amount = native ? next.value : next.amount
    if (amount === undefined) continue
    const token = native ? `eip155:${next.chainId}/slip44:60` : next.token
    const to = next.recipient ?? next.to
    entries.push({
      ...base,
      amount,
      ...(token === undefined ? {} : { token }),
      chainId: next.chainId,
      ...(to === undefined ? {} : { to }),
    })
  }
  if (entries.length > 0) return entries
  const chainId = request.intent?.chainId
  return [{ ...base, amount: '0', ...(chainId === undefined ? {} : { chainId }) }]
}
