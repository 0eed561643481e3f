import { setImmediate as nextTurn } from 'node:timers/promises'

import { runToEnd, type Steps } from '@rampart/entities'

// Steps and runToEnd are the entities package's, whose loadEntitiesInSteps is one such piece of work.
export { runToEnd, type Steps }

/**
 * Runs the steps, giving the event loop a turn whenever about `sliceMs` milliseconds have passed: at 100,000
 * accounts, preparing and loading an organization takes over a second, which an embedding server cannot spend
 * without answering anyone.
 */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  // A turn first: the caller may have held the loop already (a server that has just parsed a large row).
  await nextTurn()
  let sliceStart = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (performance.now() - sliceStart < sliceMs) continue
    await nextTurn()
    sliceStart = performance.now()
  }
}

/** How long createEvaluator works before it gives the event loop a turn, in milliseconds. */
export const SLICE_MS = 8
