import type { EvaluationState } from './buildInput'
import { librarySet } from './evaluationState'
import type { DataPatch } from './patchPolicyData'

type LibrarySet = ReturnType<typeof librarySet>

/**
 * The patches that change one loaded policy set into another, and those that change it back: only the parts that
 * differ. A set's buckets are keyed by id, so each changed, added or removed bucket is patched on its own; its
 * policies are one list, patched whole when any of them changed. One policy changed among a hundred then costs the
 * library a parse of its list and of the buckets it is in, not of the whole set (240 kB for a hundred policies).
 */
function diffSet(
  name: string,
  current: LibrarySet,
  next: LibrarySet,
  patches: DataPatch[],
  undo: DataPatch[],
) {
  if (JSON.stringify(current.policies) !== JSON.stringify(next.policies)) {
    patches.push({ path: ['sets', name, 'policies'], value: next.policies })
    undo.push({ path: ['sets', name, 'policies'], value: current.policies })
  }
  for (const id of new Set([...Object.keys(current.buckets), ...Object.keys(next.buckets)])) {
    const was = Object.hasOwn(current.buckets, id) ? current.buckets[id] : undefined
    const will = Object.hasOwn(next.buckets, id) ? next.buckets[id] : undefined
    if (JSON.stringify(was) === JSON.stringify(will)) continue
    patches.push({ path: ['sets', name, 'buckets', id], value: will })
    undo.push({ path: ['sets', name, 'buckets', id], value: was })
  }
}

/** The patches that swap the loaded policy sets `current` for `next`, and those that put `current` back. */
export function setPatches(current: EvaluationState['sets'], next: EvaluationState['sets']) {
  const patches: DataPatch[] = []
  const undo: DataPatch[] = []
  for (const name of new Set([...Object.keys(current), ...Object.keys(next)])) {
    const was = current[name]
    const will = next[name]
    if (was === will) continue
    if (was && will) {
      diffSet(name, librarySet(was), librarySet(will), patches, undo)
      continue
    }
    patches.push({ path: ['sets', name], value: will && librarySet(will) })
    undo.push({ path: ['sets', name], value: was && librarySet(was) })
  }
  // Undone in the reverse order of the changes.
  undo.reverse()
  return { patches, undo }
}
