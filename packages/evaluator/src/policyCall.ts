import type { LoadedPolicy } from '@open-policy-agent/opa-wasm'

/** Evaluates one entrypoint of a loaded policy on an input given as JSON text, and returns the parsed result set. */
export type PolicyCall = (inputJson: string) => unknown

interface OpaExports {
  opa_eval?: (
    reserved: number,
    entrypoint: number,
    data: number,
    input: number,
    inputLength: number,
    heap: number,
    format: number,
  ) => number
}

const PAGE = 65_536
/** The most bytes UTF-8 takes per UTF-16 code unit. */
const UTF8_PER_UNIT = 3

/**
 * A call of one entrypoint through the module's one-shot `opa_eval` export (ABI 1.2, as opa-wasm's own fast path
 * does), without its per-call costs: the input text is encoded straight into WASM memory after the data, with no
 * intermediate buffer, and the result is read with one native scan for its end. Modules without `opa_eval` go
 * through opa-wasm's `evaluate`.
 */
export function policyCall(policy: LoadedPolicy, entrypoint: number): PolicyCall {
  const exports = (policy.wasmInstance as unknown as { exports: OpaExports }).exports
  const opaEval = exports.opa_eval
  const encoder = new TextEncoder()
  if (!opaEval || !(Number(policy.minorVersion) >= 2))
    return (inputJson) => policy.evaluate(encoder.encode(inputJson).buffer, entrypoint)
  const decoder = new TextDecoder()
  const memory = policy.mem
  let bytes = new Uint8Array(memory.buffer)
  return (inputJson) => {
    // setData moves the end of the data; read it on every call.
    const at = policy.dataHeapPtr as number
    // Growing the memory detaches the buffer a view was made on, which leaves the view empty: checking the view's
    // length spares reading memory.buffer, a call into the engine, twice per decision.
    if (bytes.length === 0) bytes = new Uint8Array(memory.buffer)
    const room = at + inputJson.length * UTF8_PER_UNIT - bytes.length
    if (room > 0) {
      memory.grow(Math.ceil(room / PAGE))
      bytes = new Uint8Array(memory.buffer)
    }
    const { written } = encoder.encodeInto(inputJson, bytes.subarray(at))
    const result = opaEval(0, entrypoint, policy.dataAddr, at, written, at + written, 0)
    // The result may have grown the memory.
    if (bytes.length === 0) bytes = new Uint8Array(memory.buffer)
    const end = bytes.indexOf(0, result)
    return JSON.parse(decoder.decode(bytes.subarray(result, end < 0 ? result : end)))
  }
}
