import { escapePointerToken } from '@rampart/entities'

/**
 * How deep an intent may nest. The decoder writes at most 8 levels of calls and 32 of typed data, far below this;
 * past it, checking the request against its schema would exhaust the stack, whose size depends on the caller.
 */
export const MAX_INTENT_DEPTH = 64

/**
 * The JSON Pointer of a value nested more than `maxDepth` levels deep (the value itself is level 0), or undefined
 * when there is none. It never descends past `maxDepth`, so a cyclic value is found, not followed forever.
 */
export function nestingPath(value: unknown, maxDepth: number): string | undefined {
  const path = deepBranch(value, maxDepth)
  return path && `/${path.reverse().join('/')}`
}

/** The keys, innermost first, down to a value nested deeper than `levelsLeft`; undefined when there is none. */
function deepBranch(value: unknown, levelsLeft: number): string[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const child = (value as Record<string, unknown>)[key]
    if (typeof child !== 'object' || child === null) continue
    if (levelsLeft === 0) return [escapePointerToken(key)]
    const branch = deepBranch(child, levelsLeft - 1)
    if (branch) {
      branch.push(escapePointerToken(key))
      return branch
    }
  }
  return undefined
}
