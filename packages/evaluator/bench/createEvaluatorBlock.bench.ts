// `pnpm bench`: how long createEvaluator holds the event loop at 10,000 users / 100,000 accounts, against loading
// the same organization whole (update({ entities, policies }), one synchronous call) in the same run. createEvaluator
// and updateInSlices prepare and load in slices with turns of the event loop between them; each row prints its
// longest block (the longest time between two ticks of a 1 ms interval) beside the time it took.
import { bench, describe } from 'vitest'
import { createEvaluator, type Evaluator } from '../src'
import { longestBlock } from './longestBlock'
import { benchPolicies, inMixedCase, syntheticOrg } from './org'

// In the shape users write it: capitalized ids, EIP-55 addresses.
const entities = inMixedCase(syntheticOrg(10_000, 100_000))
const policies = benchPolicies()
const loaded = await createEvaluator({ entities: syntheticOrg(2, 2), policies })

/**
 * A new evaluator indexes its organization for changes in the background, in turns with whatever else runs: the
 * next iteration would share the event loop with it. The last one's is finished before each iteration, outside
 * the figures printed (a change finishes it first: a token put again as it is; an empty list of changes reads
 * nothing). The table's times include it: the printed lines are the figures.
 */
let last: Evaluator | undefined

/** Runs a row's work, and prints its longest block and its time after each measured iteration. */
function reporting(name: string, work: () => unknown) {
  return async () => {
    last?.updateEntities([{ op: 'put', collection: 'tokens', entity: { ...entities.tokens[0]! } }])
    const started = performance.now()
    const { result, longest } = await longestBlock(work)
    console.log(
      `${name}: longest block ${longest.toFixed(0)} ms of ${(performance.now() - started).toFixed(0)} ms`,
    )
    last = result as Evaluator | undefined
  }
}

describe('loading 10,000 users / 100,000 accounts', () => {
  bench(
    'update({ entities, policies }) whole, in one call (baseline)',
    reporting('update({ entities, policies }) whole', () => loaded.update({ entities, policies })),
    { iterations: 3, warmupIterations: 1, time: 0 },
  )
  bench(
    'updateInSlices({ entities, policies }) whole, in slices',
    reporting('updateInSlices({ entities, policies }) whole', async () => {
      await loaded.updateInSlices({ entities, policies })
      return loaded
    }),
    { iterations: 3, warmupIterations: 1, time: 0 },
  )
  bench(
    'createEvaluator, in slices',
    reporting('createEvaluator', () => createEvaluator({ entities, policies })),
    { iterations: 3, warmupIterations: 1, time: 0 },
  )
})
