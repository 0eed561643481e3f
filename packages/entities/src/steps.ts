/**
 * Work that pauses now and then (a generator that yields between steps): run to its end in one go with runToEnd, or
 * by a server in slices with a turn of its event loop in between (runInSlices in @rampart/evaluator). At 100,000
 * accounts, validating an organization takes a fifth of a second, which a server cannot spend without answering
 * anyone.
 */
export type Steps<T> = Generator<void, T, void>

/** Runs the steps without pausing. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}
