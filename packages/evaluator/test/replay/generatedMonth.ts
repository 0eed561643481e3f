// A month of ERC-20 transfers by a small team under a daily spending limit and an approval rule, decided live
// request by request (each with the history of what was permitted before it), for replay tests and benches.
import { decodeRequest } from '@rampart/decoder'
import { type Entities, emptyEntities } from '@rampart/entities'
import {
  createEvaluator,
  type DecisionInput,
  type EvaluationRequest,
  type HistoryTransfer,
  historyReach,
  type Policy,
  type RecordedDecision,
  requestHistory,
} from '../../src'
import { policy } from '../policy'

export const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const USDC_ADDRESS = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const MONTH_START = Date.parse('2026-10-01T00:00:00Z') / 1000
const DAY = 86_400
const UNIT = 1_000_000n
export const SMALL_MAX = 5_000n * UNIT
export const LIVE_DAILY = 20_000n * UNIT
export const WIDENED_DAILY = 30_000n * UNIT
export const OPERATORS = 5
const APPROVER = 'approver@example.com'

export const operator = (i: number) => `operator-${i}@example.com`
const accountAddress = (i: number) => `0xa${(i + 1).toString(16).padStart(39, '0')}`
const counterparty = '0xc00000000000000000000000000000000000000c'

export function monthEntities(): Entities {
  const entities = emptyEntities()
  entities.tokens.push({ id: USDC, address: USDC_ADDRESS, symbol: 'USDC', chainId: 1, decimals: 6 })
  entities.users.push({ id: APPROVER, role: 'admin' })
  entities.userGroups.push({ id: 'approvers', name: 'Approvers' })
  entities.userGroupMembers.push({ userId: APPROVER, groupId: 'approvers' })
  for (let i = 0; i < OPERATORS; i++) {
    entities.users.push({ id: operator(i), role: 'member' })
    entities.accounts.push({ id: `ops-${i}`, address: accountAddress(i), accountType: 'eoa', chainId: 1 })
    entities.userAccounts.push({ userId: operator(i), accountId: `ops-${i}` })
  }
  entities.addressBook.push({
    id: 'payee',
    address: counterparty,
    chainId: 1,
    classification: 'counterparty',
  })
  return entities
}

/**
 * Transfers of at most 5,000 USDC within a daily limit per operator (`daily`, base units), and larger ones with an
 * approver's approval, whose amounts count toward the same daily limit.
 */
export function monthPolicies(daily: bigint): Policy[] {
  const usdcTransfer = [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkIntentType', args: ['erc20Transfer'] },
    { criterion: 'checkIntentToken', args: [USDC] },
    { criterion: 'checkAccountAssigned' },
  ]
  return [
    policy('small-usdc-daily', 'permit', [
      ...usdcTransfer,
      { criterion: 'checkIntentAmount', args: { operator: 'lte', value: SMALL_MAX.toString() } },
      {
        criterion: 'checkSpendingLimit',
        args: {
          limit: daily.toString(),
          window: { type: 'fixed', period: 'day' },
          filters: { tokens: [USDC], perPrincipal: true },
        },
      },
    ]),
    policy('large-usdc-approved', 'permit', [
      ...usdcTransfer,
      { criterion: 'checkIntentAmount', args: { operator: 'gt', value: SMALL_MAX.toString() } },
      {
        criterion: 'checkApprovals',
        args: [
          {
            approvalCount: 1,
            approvalEntityType: 'userGroup',
            entityIds: ['approvers'],
            countPrincipal: false,
          },
        ],
      },
    ]),
  ]
}

/** A recorded decision of the month: always the signing request (input), never an evaluation request. */
export type MonthRecord = Omit<RecordedDecision, 'input' | 'request'> & { input: DecisionInput }

/** One generated request, as the test's own model of the rules reads it. */
export type MonthRequest = { id: string; operator: number; now: number; amount: bigint; approved: boolean }

/** Deterministic pseudo-random numbers (mulberry32), so every run generates the same month. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** `count` requests spread over 30 days in time order: mostly small transfers, some large, half of those approved. */
export function monthRequests(count: number, seed = 22): MonthRequest[] {
  const next = random(seed)
  const times = Array.from({ length: count }, () => MONTH_START + Math.floor(next() * 30 * DAY)).sort(
    (a, b) => a - b,
  )
  return times.map((now, i) => {
    const large = next() < 0.1
    const whole = large ? 5_001 + Math.floor(next() * 15_000) : 100 + Math.floor(next() * 4_900)
    return {
      id: `req-${i}`,
      operator: Math.floor(next() * OPERATORS),
      now,
      amount: BigInt(whole) * UNIT,
      approved: large && next() < 0.5,
    }
  })
}

const transferData = (amount: bigint) =>
  `0xa9059cbb${counterparty.slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`

/** The decoded request of a generated transfer, ready for Evaluator.decide. */
export function decisionInput(request: MonthRequest) {
  const rpc = {
    method: 'eth_sendTransaction',
    params: [
      {
        from: accountAddress(request.operator),
        to: USDC_ADDRESS,
        chainId: 1,
        value: '0x0',
        data: transferData(request.amount),
      },
    ],
  }
  const decoded = decodeRequest(rpc, { chainId: 1 })
  if (decoded.decoding.error)
    throw new Error(`the generated transfer does not decode: ${decoded.decoding.error.message}`)
  return {
    principal: operator(request.operator),
    decoded: { action: decoded.action, intent: decoded.intent as EvaluationRequest['intent'] & object },
    now: request.now,
    ...(request.approved ? { approvals: [APPROVER] } : {}),
  }
}

/**
 * The month decided live under the live policies, in order, each request with the history of what the permitted
 * requests before it moved (as the gateway counts it): the records a replay reads, each with what it moved.
 */
export async function liveMonth(requests: readonly MonthRequest[]): Promise<MonthRecord[]> {
  const entities = monthEntities()
  const policies = monthPolicies(LIVE_DAILY)
  const evaluator = await createEvaluator({ entities, policies })
  const moved: HistoryTransfer[] = []
  const records: MonthRecord[] = []
  for (const request of requests) {
    const input = decisionInput(request)
    const since = historyReach(policies, request.now) ?? request.now
    const decided = evaluator.decide({ ...input, history: moved.filter((entry) => entry.timestamp >= since) })
    const counted =
      decided.decision.decision === 'Permit'
        ? requestHistory(decided.request, decided.userId ?? input.principal, request.id, { [USDC]: 6 })
        : undefined
    if (counted) moved.push(...counted)
    records.push({
      id: request.id,
      input,
      live: {
        decision: decided.decision.decision,
        ...(decided.decision.decidingPolicy === undefined
          ? {}
          : { decidingPolicy: decided.decision.decidingPolicy }),
        reason: { code: decided.decision.reason.code },
      },
      ...(counted ? { moved: counted } : {}),
    })
  }
  return records
}
