// A generated month replayed under candidates: the report names exactly the requests each candidate decides
// otherwise, checked against the test's own arithmetic of the limits (not the evaluator's).
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createEvaluator,
  type HistoryTransfer,
  historyWindows,
  Replay,
  replayDecisions,
  sumHistory,
} from '../../src'
import {
  LIVE_DAILY,
  liveMonth,
  type MonthRecord,
  type MonthRequest,
  monthEntities,
  monthPolicies,
  monthRequests,
  SMALL_MAX,
  USDC,
  WIDENED_DAILY,
} from './generatedMonth'

const DAY = 86_400

/** The live rule in plain arithmetic: per operator and UTC day, the sum of the amounts permitted before. */
function modelOf(requests: readonly MonthRequest[]) {
  const spent = new Map<string, bigint>()
  const live = new Map<string, 'Permit' | 'Forbid' | 'Confirm'>()
  const widened = new Set<string>()
  for (const request of requests) {
    const key = `${request.operator}:${Math.floor(request.now / DAY)}`
    const before = spent.get(key) ?? 0n
    let decision: 'Permit' | 'Forbid' | 'Confirm'
    if (request.amount > SMALL_MAX) decision = request.approved ? 'Permit' : 'Confirm'
    else decision = before + request.amount <= LIVE_DAILY ? 'Permit' : 'Forbid'
    if (decision === 'Forbid' && before + request.amount <= WIDENED_DAILY) widened.add(request.id)
    if (decision === 'Permit') spent.set(key, before + request.amount)
    live.set(request.id, decision)
  }
  return { live, widened }
}

describe('replay of a generated month', () => {
  const requests = monthRequests(3000)
  const model = modelOf(requests)
  let records: MonthRecord[]
  beforeAll(async () => {
    records = await liveMonth(requests)
  })

  it('the live decisions are those of the model (the month exercises limits and approvals)', () => {
    for (const record of records) expect(record.live.decision, record.id).toBe(model.live.get(record.id))
    const counts = { Permit: 0, Forbid: 0, Confirm: 0 }
    for (const record of records) counts[record.live.decision]++
    expect(counts.Forbid).toBeGreaterThan(100)
    expect(counts.Confirm).toBeGreaterThan(50)
    expect(model.widened.size).toBeGreaterThan(20)
    // Not every refused request fits under the widened limit: the candidate must tell them apart.
    expect(model.widened.size).toBeLessThan(counts.Forbid)
  })

  it('one widened daily limit reports exactly the requests it would now permit', async () => {
    const policies = monthPolicies(WIDENED_DAILY)
    const evaluator = await createEvaluator({ entities: monthEntities(), policies })
    const replay = new Replay({ evaluator, policies }, { examplesPerGroup: records.length })
    for (const record of records) replay.add(record)
    const report = replay.report()
    expect(report.requests).toBe(records.length)
    expect(report.transitions).toEqual({ 'Forbid→Permit': model.widened.size })
    expect(report.widened).toBe(model.widened.size)
    expect(report.narrowed).toBe(0)
    expect(report.groups).toHaveLength(1)
    const [group] = report.groups
    expect(group).toMatchObject({
      from: 'Forbid',
      to: 'Permit',
      candidatePolicy: 'small-usdc-daily',
      reason: 'PERMITTED',
      count: model.widened.size,
    })
    expect(new Set(group?.examples.map((example) => example.id))).toEqual(model.widened)
  })

  it('the live set itself flips nothing', async () => {
    const policies = monthPolicies(LIVE_DAILY)
    const evaluator = await createEvaluator({ entities: monthEntities(), policies })
    const report = replayDecisions({ evaluator, policies }, records)
    expect(report).toMatchObject({
      requests: records.length,
      unchanged: records.length,
      flipped: 0,
      groups: [],
    })
  })

  it('dropping the approval rule narrows the large transfers, grouped by the policy that decided them', async () => {
    const policies = monthPolicies(LIVE_DAILY).filter((policy) => policy.id !== 'large-usdc-approved')
    const evaluator = await createEvaluator({ entities: monthEntities(), policies })
    const report = replayDecisions({ evaluator, policies }, records, { examplesPerGroup: 2 })
    const large = requests.filter((request) => request.amount > SMALL_MAX)
    const approved = large.filter((request) => request.approved).length
    expect(report.transitions).toEqual({
      'Permit→Forbid': approved,
      'Confirm→Forbid': large.length - approved,
    })
    expect(report.widened).toBe(0)
    for (const group of report.groups) {
      expect(group).toMatchObject({ livePolicy: 'large-usdc-approved', reason: 'NO_MATCHING_PERMIT' })
      expect(group.examples).toHaveLength(2)
    }
  })

  it('a record that carries its own history is decided with it, not with the rebuilt one', async () => {
    const policies = monthPolicies(LIVE_DAILY)
    const evaluator = await createEvaluator({ entities: monthEntities(), policies })
    const permitted = records.find(
      (record) => record.live.decision === 'Permit' && record.input?.approvals === undefined,
    )
    if (!permitted?.input) throw new Error('the month has a small permitted transfer')
    const { now } = permitted.input
    // A history that spent the whole limit earlier that day: the same request is now over it.
    const spent = [
      {
        amount: LIVE_DAILY.toString(),
        token: USDC,
        principal: permitted.input.principal,
        timestamp: (now as number) - 1,
      },
    ]
    const report = replayDecisions({ evaluator, policies }, [
      { ...permitted, input: { ...permitted.input, history: spent } },
    ])
    expect(report.transitions).toEqual({ 'Permit→Forbid': 1 })
  })

  it('totals summed for every window of the candidate are used as the history it had, others are rebuilt', async () => {
    const policies = monthPolicies(WIDENED_DAILY)
    const evaluator = await createEvaluator({ entities: monthEntities(), policies })
    const rebuilt = replayDecisions({ evaluator, policies }, records, { examplesPerGroup: 0 })
    expect(rebuilt.historyRebuilt).toBe(records.length)
    // Each record with the totals of what was moved before it, as the gateway sums them for its decision.
    const moved: HistoryTransfer[] = []
    const summed = records.map((record) => {
      const now = record.input?.now as number
      const historyTotals = sumHistory(moved, historyWindows(policies, now))
      moved.push(...(record.moved ?? []))
      return { ...record, input: { ...record.input, historyTotals } }
    })
    const own = replayDecisions({ evaluator, policies }, summed, { examplesPerGroup: 0 })
    expect(own).toEqual({ ...rebuilt, historyRebuilt: 0 })
    // Totals of a window no limit of the candidate starts at cannot count its limits: the rebuilt history does.
    const elsewhere = records.map((record) => ({
      ...record,
      input: { ...record.input, historyTotals: [{ since: 0, totals: [] }] },
    }))
    expect(replayDecisions({ evaluator, policies }, elsewhere, { examplesPerGroup: 0 })).toEqual(rebuilt)
  })

  it('a record without its time is refused, never decided on a guessed history', async () => {
    const policies = monthPolicies(WIDENED_DAILY)
    const evaluator = await createEvaluator({ entities: monthEntities(), policies })
    const [first] = records
    if (!first?.input) throw new Error('the month has records')
    const { now: _dropped, ...timeless } = first.input
    const decided = new Replay({ evaluator, policies }).add({ ...first, input: timeless })
    expect(decided).toMatchObject({ decision: 'Forbid', reason: { code: 'INVALID_REQUEST' } })
  })
})
