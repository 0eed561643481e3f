import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * Work that pauses now and then (a generator that yields between steps), run to its end in one go, or in slices of
 * about `sliceMs` milliseconds with a turn of the event loop between them: at 100,000 accounts, preparing and
 * loading an organization takes over a second, which an embedding server cannot spend without answering anyone.
 */
export type Steps<T> = Generator<void, T, void>

/** Runs the steps without pausing. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Runs the steps, giving the event loop a turn whenever a slice of time has passed. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
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
