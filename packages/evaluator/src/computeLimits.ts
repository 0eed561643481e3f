import { movementValue } from './fiatInput'
import { toFiatUnits } from './fiatValue'
import type {
  EvaluationRequest,
  HistoryMovement,
  HistoryTransfer,
  HistoryWindow,
} from './generated/evaluationRequest'
import type { LimitFilters, SpendingLimit, UserRole } from './generated/policy'
import { windowStart } from './limitWindow'
import type { PreparedEntities } from './prepareEntities'
import type { Bucket } from './preparePolicies'
import { type PriceBook, PriceUnavailable } from './priceBook'

/** What values movements in a currency: the request's prices and the entities' token decimals. */
export interface Valuation {
  book: PriceBook
  decimals: Record<string, number>
}

/**
 * What a movement adds to a limit's total: its amount in base units, or, for a limit in a currency, its value in
 * millionths of it (rounded up): a past transfer's, or summed transfers', as recorded with their decisions
 * (`values`), else at the request's price; this request's at the request's prices. No price is a PriceUnavailable, never a 0.
 */
function addedBy(
  movement: Movement,
  recorded: Pick<HistoryTransfer | HistoryMovement, 'values'> | undefined,
  currency: string | undefined,
  valuation: Valuation | undefined,
): bigint {
  if (currency === undefined) return movement.amount
  const value = recorded?.values?.[currency]
  if (value !== undefined) return toFiatUnits(value)
  if (!valuation) throw new PriceUnavailable(`a spending limit in ${currency} needs prices`, '/prices')
  return movementValue(movement.amount, movement.token, currency, valuation.book, valuation.decimals)
}

/**
 * The exact totals of one limit's window: the amount as a decimal string of base units, and the count. A pair, not
 * an object: the policy library parses its input on every call, and each object field costs more than an item.
 */
export type LimitTotal = [total: string, count: number]

export interface Movement {
  amount: bigint
  token?: string
  chainId?: number
  principal?: string
  resource?: string
  to?: string
}

const lower = (value: string | undefined) => value?.toLowerCase()

function anyGroup(groups: Record<string, true> | undefined, wanted: readonly string[]): boolean {
  return groups !== undefined && wanted.some((group) => groups[group])
}

function matches(
  movement: Movement,
  filters: LimitFilters,
  principal: string | undefined,
  entities: PreparedEntities,
) {
  if (filters.perPrincipal && movement.principal !== principal) return false
  if (filters.tokens && !filters.tokens.includes(movement.token ?? '')) return false
  if (filters.users && !filters.users.includes(movement.principal ?? '')) return false
  if (filters.resources && !filters.resources.includes(movement.resource ?? '')) return false
  if (filters.destinations && !filters.destinations.includes(movement.to ?? '')) return false
  // A signature bound to no chain (chain 0) is valid on every chain: it counts under any chain filter.
  if (filters.chains && movement.chainId !== 0 && !filters.chains.includes(movement.chainId ?? -1))
    return false
  // Group and role filters read the organization as it is now. A past transfer whose user or account it no longer
  // knows (removed since, or named by something other than its id) counts: not counting it could let a permit's
  // limit allow more than was spent, and a forbid's limit miss what it bounds.
  const user = entities.users[movement.principal ?? '']
  if (filters.userGroups && user && !anyGroup(user.groups, filters.userGroups)) return false
  if (filters.roles && user && !filters.roles.includes(user.role as UserRole)) return false
  const account = entities.accounts[movement.resource ?? '']
  if (filters.accountGroups && account && !anyGroup(account.groups, filters.accountGroups)) return false
  return true
}

function fromHistory(transfer: HistoryTransfer): Movement {
  return {
    amount: BigInt(transfer.amount),
    token: lower(transfer.token),
    chainId: transfer.chainId,
    principal: lower(transfer.principal),
    resource: lower(transfer.resource),
    to: lower(transfer.to),
  }
}

/**
 * Requests summed into one total (historyTotals): how many, and what they moved between them, each movement beside
 * the entry it came from (whose `values` a limit in a currency sums).
 */
interface SummedRequests {
  requests: number
  movements: Movement[]
  recorded: HistoryMovement[]
}

/**
 * The summed history by the second each window starts at. Two windows from the same second could disagree, and a
 * limit would count whichever came last: the request is refused instead.
 */
function summedBySince(windows: readonly HistoryWindow[]): Map<number, SummedRequests[]> {
  const bySince = new Map<number, SummedRequests[]>()
  for (const [index, window] of windows.entries()) {
    if (bySince.has(window.since))
      throw new Error(`historyTotals/${index} sums from ${window.since} again, as an earlier window does`)
    bySince.set(
      window.since,
      window.totals.map((total) => ({
        requests: total.requests,
        movements: total.movements.map((movement) => fromHistory(movement as HistoryTransfer)),
        recorded: total.movements,
      })),
    )
  }
  return bySince
}

type Intent = NonNullable<EvaluationRequest['intent']>

/**
 * What a call sends in the native currency. A module function, not a closure in movementsOf: that runs on every
 * decision under a limit, and would allocate the closure on each call.
 */
function nativeMovement(
  chainId: number,
  amount: bigint,
  to: string | undefined,
  principal: string | undefined,
  resource: string | undefined,
): Movement {
  return { amount, token: `eip155:${chainId}/slip44:60`, chainId, principal, resource, to }
}

/** Intents that only carry calls: their calls, at any depth, are what they move. */
const CONTAINERS = new Set(['batch', 'userOperation'])

/** Intents that move several amounts and name none: each transfer they list moves. */
const LISTED_TRANSFERS = new Set(['permit2Transfer', 'erc1155BatchTransfer'])

/**
 * The amounts one intent moves. A call moves its token amount, and the native value it sends (to the contract it
 * calls), both: a payable call that also moves a token (a swap paying a fee in ETH, a bridge deposit) spends
 * both. When the token amount is the value itself, it counts once: a native transfer or a swap paying in the native
 * currency (whose token is the native currency), and a WETH deposit, which sends its value and mints as much WETH to
 * the sender, counted as the native currency it sends. A Permit2 batch signature transfer and an ERC-1155 batch
 * transfer move each of their transfers, and a Permit2 batch permit counts each of its allowances, as a single
 * permit counts its amount. A batch or user operation moves what every call inside it moves, at any depth, plus the
 * part of its own value that none of its calls forwards. A loop, not recursion: no nesting can exhaust the stack.
 */
export function movementsOf(
  intent: Intent,
  principal: string | undefined,
  resource: string | undefined,
): Movement[] {
  const movements: Movement[] = []
  const pending: Intent[] = [intent]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const value = BigInt(next.value ?? 0)
    if (CONTAINERS.has(next.type) && next.intents) {
      let forwarded = 0n
      for (let i = next.intents.length - 1; i >= 0; i--) {
        const call = next.intents[i] as Intent
        forwarded += BigInt(call.value ?? 0)
        pending.push(call)
      }
      // Value a container receives and none of its calls forwards stays with its target, which may pay it out in
      // ways the calls do not show (a Universal Router plan that sweeps its whole balance, a minimum of 0): it
      // counts as sent to the target.
      if (value > forwarded)
        movements.push(nativeMovement(next.chainId, value - forwarded, next.to, principal, resource))
      continue
    }
    // A Permit2 batch signature transfer and an ERC-1155 batch transfer name no single amount: each of their
    // transfers moves (a single ERC-1155 transfer counts its amount, and so must a batch of one).
    if (next.amount === undefined && next.transfers && LISTED_TRANSFERS.has(next.type)) {
      for (const transfer of next.transfers)
        movements.push({
          amount: BigInt(transfer.amount),
          token: transfer.token,
          chainId: next.chainId,
          principal,
          resource,
          to: transfer.to ?? next.recipient,
        })
      if (value > 0n) movements.push(nativeMovement(next.chainId, value, next.to, principal, resource))
      continue
    }
    // A Permit2 batch permit names no single amount either: each allowance counts, as a single permit's amount does.
    if (next.type === 'permit2Approve' && next.amount === undefined && next.approvals) {
      for (const approval of next.approvals)
        movements.push({
          amount: BigInt(approval.amount),
          token: approval.token,
          chainId: next.chainId,
          principal,
          resource,
          to: next.recipient ?? next.to,
        })
      if (value > 0n) movements.push(nativeMovement(next.chainId, value, next.to, principal, resource))
      continue
    }
    if (next.amount === undefined) {
      // A call that moves no token: its value, in the native currency (0 included, which rate limits count), to
      // the recipient the decoder names (a deposit on behalf of another), else to the contract.
      if (next.value !== undefined)
        movements.push(nativeMovement(next.chainId, value, next.recipient ?? next.to, principal, resource))
      continue
    }
    // WETH's deposit restates its value as the WETH it mints to the sender: the value is what leaves.
    if (next.type === 'wethDeposit' && value > 0n) {
      movements.push(nativeMovement(next.chainId, value, next.to, principal, resource))
      continue
    }
    const amount = BigInt(next.amount)
    const to = next.recipient ?? next.to
    if (next.token === `eip155:${next.chainId}/slip44:60`) {
      // The amount is in the native currency, paid with the value: the value counts beyond the amount only.
      movements.push(nativeMovement(next.chainId, amount, to, principal, resource))
      if (value > amount)
        movements.push(nativeMovement(next.chainId, value - amount, next.to, principal, resource))
      continue
    }
    movements.push({ amount, token: next.token, chainId: next.chainId, principal, resource, to })
    if (value > 0n) movements.push(nativeMovement(next.chainId, value, next.to, principal, resource))
  }
  return movements
}

/**
 * What the request itself adds to a limit: the amounts it moves, or, when it moves none (a message, typed data,
 * a permission), the request alone, with nothing to add to a spending total but one to a rate limit's count.
 */
export function fromRequest(request: EvaluationRequest, principal: string | undefined): Movement[] {
  const resource = lower(request.resource)
  const intent = request.intent
  const moved = intent ? movementsOf(intent, principal, resource) : []
  return moved.length > 0 ? moved : [{ amount: 0n, chainId: intent?.chainId, principal, resource }]
}

/**
 * Computes, for every spending and rate limit among the candidate policies, the exact total and count of the
 * matching transfers in its window, this request included. Sums are bigint: uint256 amounts overflow the numbers
 * of the WASM runtime, so the policy library receives them as decimal strings and compares those exactly. A
 * spending limit in a currency sums values in millionths of it (its limit is scaled alike when prepared).
 */
export function computeLimits(
  request: EvaluationRequest,
  buckets: readonly Bucket[],
  entities: PreparedEntities,
  principal: string | undefined,
  now: number,
  valuation?: Valuation,
): Record<string, LimitTotal> | undefined {
  let totals: Record<string, LimitTotal> | undefined
  let history: Movement[] | undefined
  let summed: Map<number, SummedRequests[]> | undefined
  let current: Movement[] | undefined
  for (const bucket of buckets) {
    if (bucket.limits.length === 0) continue
    history ??= (request.history ?? []).map(fromHistory)
    summed ??= summedBySince(request.historyTotals ?? [])
    current ??= fromRequest(request, principal)
    for (const criterion of bucket.limits) {
      const limit = criterion.a
      const start = windowStart(limit.window, now)
      const filters = limit.filters ?? {}
      const currency = (limit as SpendingLimit).currency
      let total = 0n
      let count = 0
      // The past requests counted so far, by id: a request counts once toward a rate limit, as this one does.
      let countedRequests: Set<string> | undefined
      for (const [index, movement] of history.entries()) {
        const past = request.history?.[index]
        const timestamp = past?.timestamp ?? -1
        // A transfer stamped after `now` counts: it was signed, and only a clock behind the one that stamped it
        // (another gateway's, or a request's own `now`) places it in the future. Leaving it out would let a lagging
        // clock spend a limit twice.
        if (timestamp < start || !matches(movement, filters, principal, entities)) continue
        total += addedBy(movement, past, currency, valuation)
        const requestId = past?.requestId
        if (requestId === undefined) count++
        else if (!countedRequests?.has(requestId)) {
          countedRequests ??= new Set()
          countedRequests.add(requestId)
          count++
        }
      }
      if (request.historyTotals !== undefined) {
        const sums = summed.get(start)
        // Totals from another second would count transfers outside the window, or leave some inside it out.
        if (!sums) throw new Error(`historyTotals names no window from ${start}, where a limit starts`)
        for (const requests of sums) {
          let matched = false
          for (const [index, movement] of requests.movements.entries()) {
            if (!matches(movement, filters, principal, entities)) continue
            // The sum of the values recorded with each request's decision, when every one of them recorded it.
            total += addedBy(movement, requests.recorded[index], currency, valuation)
            matched = true
          }
          // Requests of one total moved the same things: each counts once, as one request does.
          if (matched) count += requests.requests
        }
      }
      // The request counts once toward a rate limit, however many of its movements pass the filters.
      let counted = false
      for (const movement of current) {
        if (!matches(movement, filters, principal, entities)) continue
        total += addedBy(movement, undefined, currency, valuation)
        counted = true
      }
      if (counted) count++
      totals ??= {}
      totals[criterion.k] = [total.toString(), count]
    }
  }
  return totals
}
