// `pnpm bench`: replaying a generated month (3,000 ERC-20 transfers by five operators under a daily limit and an
// approval rule) under a candidate with a widened limit, against deciding the same 3,000 requests once without any
// history (the floor: one evaluation each). Replay adds the rebuilt history of each request's window.
import { bench, describe } from 'vitest'
import { createEvaluator, replayDecisions } from '../src'
import {
  liveMonth,
  monthEntities,
  monthPolicies,
  monthRequests,
  WIDENED_DAILY,
} from '../test/replay/generatedMonth'

const requests = monthRequests(3000)
const records = await liveMonth(requests)
const policies = monthPolicies(WIDENED_DAILY)
const candidate = { evaluator: await createEvaluator({ entities: monthEntities(), policies }), policies }
const inputs = records.map((record) => ({ ...record.input!, history: [] }))

describe('replay a month of 3,000 requests', () => {
  bench(
    'decide the 3,000 requests once, without history (baseline)',
    () => {
      for (const input of inputs) candidate.evaluator.decide(input)
    },
    { iterations: 3, warmupIterations: 1 },
  )
  bench(
    'replay the month under a widened limit (history rebuilt per request)',
    () => {
      replayDecisions(candidate, records)
    },
    { iterations: 3, warmupIterations: 1 },
  )
})
