// The index entity changes apply to is built a slice at a time after createEvaluator returns. The slices must go
// on while the process is otherwise idle: an unref'd immediate (what they ran on) runs only when something else
// wakes the event loop, so on a quiet gateway the pass stalled, and the first entity change did what was left of
// it in one block (1.6 s at 100,000 accounts). And they must stop when the evaluator is dropped: a gateway that
// builds a client's state anew drops the evaluator before, whose pass went on taking slices of the loop for nothing.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { MutableEntityIndex } from '@rampart/entities'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { benchPolicies, syntheticOrg } from '../bench/org'
import { createEvaluator } from '../src'

const indexSome = MutableEntityIndex.prototype.indexSome
/** The slices taken, and whether the last one finished the index. */
let slices = { taken: 0, finished: false }

beforeEach(() => {
  slices = { taken: 0, finished: false }
  // Each slice indexes at most 1,024 entities (the clock is read after each batch): the organizations below take
  // a dozen slices, whatever the speed of the machine. Counted without holding the index (a spy would keep each
  // `this`, and the index could not be collected).
  MutableEntityIndex.prototype.indexSome = function (this: MutableEntityIndex) {
    slices.taken++
    slices.finished = indexSome.call(this, 0)
    return slices.finished
  }
})

afterEach(() => {
  MutableEntityIndex.prototype.indexSome = indexSome
})

const quiet = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

describe('createEvaluator: the background index for entity changes', () => {
  it('is finished while the event loop has nothing else to do', async () => {
    const evaluator = await createEvaluator({ entities: syntheticOrg(40, 3_000), policies: benchPolicies() })
    // A quiet process: one timer keeps it alive, nothing else wakes the loop. A dozen slices take a few
    // milliseconds each; a second leaves room for a busy machine.
    await quiet(1000)
    expect(slices.taken).toBeGreaterThan(5)
    expect(slices.finished).toBe(true)
    expect(evaluator.unavailable).toBeUndefined()
  })

  it('stops when the evaluator is dropped before it is done', async () => {
    // The collector, which node exposes only behind a flag.
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    // Built in a function of its own: nothing holds the evaluator once it returns.
    const build = async () => {
      await createEvaluator({ entities: syntheticOrg(40, 30_000), policies: benchPolicies() })
    }
    await build()
    // A WeakRef's target lives at least to the end of the job that made it (the one createEvaluator returned in).
    await new Promise((resolve) => setImmediate(resolve))
    gc()
    const taken = slices.taken
    await quiet(300)
    // A hundred slices and more had the evaluator been kept; none once its index was collected.
    expect(slices.taken - taken).toBeLessThanOrEqual(1)
    expect(slices.finished).toBe(false)
  })
})
