import type { LoadedPolicy } from '@open-policy-agent/opa-wasm'

/** One change to the data the policy library loaded: the value at a path set, or (value undefined) removed. */
export interface DataPatch {
  path: string[]
  value?: unknown
}

interface PatchExports {
  opa_heap_ptr_get(): number
  opa_heap_ptr_set(ptr: number): void
  opa_malloc(size: number): number
  opa_json_parse(addr: number, length: number): number
  opa_value_add_path?: (base: number, path: number, value: number) => number
  opa_value_remove_path?: (base: number, path: number) => number
}

/** The loaded policy's own fields that say where its data is (opa-wasm keeps them on the instance). */
interface PolicyData {
  dataAddr: number
  dataHeapPtr: number
}

/** Whether the module can patch its data in place (OPA's ABI exports opa_value_add_path and _remove_path). */
export function canPatch(policy: LoadedPolicy): boolean {
  const exports = policy.wasmInstance.exports as unknown as PatchExports
  return (
    typeof exports.opa_value_add_path === 'function' && typeof exports.opa_value_remove_path === 'function'
  )
}

/**
 * Patches the data a loaded policy evaluates with, in place, with OPA's opa_value_add_path and
 * opa_value_remove_path, instead of setData of the whole data: the cost is that of the values patched. The new
 * values are parsed at the end of the data, and the end moves past them, where each evaluation's scratch memory
 * starts (opa-wasm's dataHeapPtr); what a patch replaces stays behind until the next setData. Throws when the
 * module refuses a patch: the data may then be partly patched, and the caller restores it.
 */
export function patchPolicyData(policy: LoadedPolicy, patches: readonly DataPatch[]): void {
  const exports = policy.wasmInstance.exports as unknown as PatchExports
  const data = policy as unknown as PolicyData
  const encoder = new TextEncoder()
  const load = (value: unknown): number => {
    const bytes = encoder.encode(JSON.stringify(value))
    const at = exports.opa_malloc(bytes.length)
    // opa_malloc may grow the memory, which detaches any earlier view of it.
    new Uint8Array(policy.mem.buffer).set(bytes, at)
    const parsed = exports.opa_json_parse(at, bytes.length)
    if (parsed === 0) throw new Error('the policy library could not parse a patched value')
    return parsed
  }
  // Evaluations leave scratch past the data: allocate from the data's end (which also clears the free lists).
  exports.opa_heap_ptr_set(data.dataHeapPtr)
  try {
    for (const patch of patches) {
      const path = load(patch.path)
      const failed =
        patch.value === undefined
          ? exports.opa_value_remove_path?.(data.dataAddr, path)
          : exports.opa_value_add_path?.(data.dataAddr, path, load(patch.value))
      if (failed !== 0)
        throw new Error(`the policy library refused to patch ${patch.path.join('.')} (${failed})`)
    }
  } finally {
    data.dataHeapPtr = exports.opa_heap_ptr_get()
  }
}
