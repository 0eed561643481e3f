import type { LoadedPolicy } from '@open-policy-agent/opa-wasm'

/** One change to the data the policy library loaded: the value at a path set, or (value undefined) removed. */
export interface DataPatch {
  path: string[]
  value?: unknown
  /** The value's JSON (a value serialized ahead, between turns of the event loop): used in its place. */
  json?: string
  /**
   * Whether the path holds a value already, which this one replaces: the module then keeps nothing of the parsed
   * path, which is freed (a new key is the path's own last element, kept in the data). Left out: not freed.
   */
  replaces?: boolean
}

interface PatchExports {
  opa_heap_ptr_get(): number
  opa_heap_ptr_set(ptr: number): void
  opa_malloc(size: number): number
  opa_json_parse(addr: number, length: number): number
  opa_value_add_path?: (base: number, path: number, value: number) => number
  opa_value_remove_path?: (base: number, path: number) => number
  opa_free?: (addr: number) => void
  opa_value_free?: (addr: number) => void
  opa_heap_blocks_stash?: () => void
  opa_heap_blocks_restore?: () => void
  opa_heap_stash_clear?: () => void
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
 * Whether the module keeps the memory a patch frees for the next one (OPA's ABI 1.3 heap stash): the free lists
 * of its allocator are cleared at each evaluation, the stash is not.
 */
function reusesFreedMemory(exports: PatchExports): boolean {
  return (
    typeof exports.opa_free === 'function' &&
    typeof exports.opa_value_free === 'function' &&
    typeof exports.opa_heap_blocks_stash === 'function' &&
    typeof exports.opa_heap_blocks_restore === 'function' &&
    typeof exports.opa_heap_stash_clear === 'function'
  )
}

/** The size of a patched value's JSON from which the value it replaces is removed first (patchPolicyData). */
const REMOVE_FIRST_BYTES = 4096

/**
 * Loads the whole data of a loaded policy (opa-wasm's setData), first forgetting the memory the patches of the
 * data it replaces freed: that memory is the new data's now.
 */
export function setPolicyData(policy: LoadedPolicy, data: ArrayBuffer): void {
  const exports = policy.wasmInstance.exports as unknown as PatchExports
  if (reusesFreedMemory(exports)) exports.opa_heap_stash_clear?.()
  policy.setData(data)
}

/**
 * Patches the data a loaded policy evaluates with, in place, with OPA's opa_value_add_path and
 * opa_value_remove_path, instead of setData of the whole data: the cost is that of the values patched. The new
 * values are parsed at the end of the data, and the end moves past them, where each evaluation's scratch memory
 * starts (opa-wasm's dataHeapPtr). What a patch replaces is freed, and kept aside (the heap stash) for the next
 * patch to reuse, as OPA's own VM does: without it each patch would leave its old values behind until the next
 * setData, and the memory would grow (each growth of it at 100,000 accounts costs a major garbage collection,
 * tens of milliseconds). Throws when the module refuses a patch: the data may then be partly patched, and the
 * caller restores it. All setData of a policy patched here must go through setPolicyData.
 */
export function patchPolicyData(policy: LoadedPolicy, patches: readonly DataPatch[]): void {
  const exports = policy.wasmInstance.exports as unknown as PatchExports
  const data = policy as unknown as PolicyData
  const reuse = reusesFreedMemory(exports)
  const encoder = new TextEncoder()
  // Each text is encoded straight into the module's memory: a patch of one account is a few hundred bytes, and
  // an encoded copy of each text first cost a quarter of the time of a hundred thousand such patches.
  const load = (text: string): number => {
    let size = text.length
    let at = exports.opa_malloc(size)
    // opa_malloc may grow the memory, which detaches any earlier view of it.
    let { read, written } = encoder.encodeInto(text, new Uint8Array(policy.mem.buffer, at, size))
    if (read < text.length) {
      // Past ASCII: a UTF-16 unit takes up to three bytes.
      if (reuse) exports.opa_free?.(at)
      size = text.length * 3
      at = exports.opa_malloc(size)
      ;({ read, written } = encoder.encodeInto(text, new Uint8Array(policy.mem.buffer, at, size)))
    }
    const parsed = exports.opa_json_parse(at, written)
    // The parser copies what it reads (json.c): the text is free once parsed.
    if (reuse) exports.opa_free?.(at)
    if (parsed === 0) throw new Error('the policy library could not parse a patched value')
    return parsed
  }
  // Evaluations leave scratch past the data: allocate from the data's end (which also clears the free lists), and
  // from the memory earlier patches freed.
  exports.opa_heap_ptr_set(data.dataHeapPtr)
  if (reuse) exports.opa_heap_blocks_restore?.()
  try {
    for (const patch of patches) {
      const path = load(JSON.stringify(patch.path))
      let failed: number | undefined
      // Whether the module keeps no part of the parsed path: a removal, or a value put in place of another under
      // the same key (opa_value_add_path keeps the path's last element only as a new key).
      const removal = patch.value === undefined && patch.json === undefined
      let pathFree = removal
      if (removal) failed = exports.opa_value_remove_path?.(data.dataAddr, path)
      else {
        const json = patch.json ?? JSON.stringify(patch.value)
        // A large value is removed before the new one is parsed, so that the parse reuses the memory it frees:
        // replaced after, its memory is free too late for the new value, whose text then takes new memory each
        // time (56 kB per update of a hundred policies' list, against 0.4 kB). A small one keeps its key in place.
        const removeFirst = reuse && json.length >= REMOVE_FIRST_BYTES
        if (removeFirst) exports.opa_value_remove_path?.(data.dataAddr, path)
        pathFree = patch.replaces === true && !removeFirst
        failed = exports.opa_value_add_path?.(data.dataAddr, path, load(json))
      }
      if (reuse && pathFree && failed === 0) exports.opa_value_free?.(path)
      if (failed !== 0)
        throw new Error(`the policy library refused to patch ${patch.path.join('.')} (${failed})`)
    }
  } finally {
    // Out of the evaluations' reach: they clear the free lists, not the stash.
    if (reuse) exports.opa_heap_blocks_stash?.()
    data.dataHeapPtr = exports.opa_heap_ptr_get()
  }
}
