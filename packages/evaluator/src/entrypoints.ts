/**
 * The entrypoints compiled into the policy WASM, named once for the build script and the evaluator.
 * `decision` decides a request, in short (the verdict of each policy set); `report` is the same decision spelled
 * out by the library, which the tests hold the evaluator's own spelling-out to; `noop` is a constant the benchmark
 * uses as the cost of opa-wasm itself.
 */
export const ENTRYPOINTS = {
  decision: 'rampart/main/decision',
  report: 'rampart/main/report',
  noop: 'rampart/baseline/noop',
} as const

/** Where the compiled policy library lives, relative to this package's root. */
export const WASM_PATH = 'wasm/policy.wasm'
