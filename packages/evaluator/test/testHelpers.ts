import type { DataPatch } from '../src/patchPolicyData'

/** A small seeded generator (mulberry32): the same seed, the same numbers. Each call gives a number in [0, n). */
export function seededRandom(seed: number) {
  let a = seed
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n
  }
}

/** What opa_value_add_path and opa_value_remove_path do, on plain JSON. */
export function applyPatches(data: Record<string, unknown>, patches: readonly DataPatch[]) {
  for (const { path, value } of patches) {
    let at = data
    for (const key of path.slice(0, -1)) {
      at[key] ??= {}
      at = at[key] as Record<string, unknown>
    }
    const last = path[path.length - 1] as string
    if (value === undefined) delete at[last]
    else at[last] = JSON.parse(JSON.stringify(value))
  }
  return data
}

/** What the call throws (undefined when it returns): the error itself, for its class and details. */
export function thrownBy(call: () => unknown): unknown {
  try {
    call()
  } catch (error) {
    return error
  }
  return undefined
}
