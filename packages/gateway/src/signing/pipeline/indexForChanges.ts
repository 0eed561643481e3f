import { setImmediate as nextTurn } from 'node:timers/promises'
import { type Entities, type EntityIndex, MutableEntityIndex } from '@rampart/entities'

/** How long one slice of the indexing holds the event loop, in milliseconds. */
const SLICE_MS = 4

/**
 * The organization indexed so that the changes its client records later apply to it in place: the index the state's
 * evaluator and decoder share from the start. Given a plain index, the evaluator would build this one itself, in
 * the background, after the state is in use: a pass of 1.6 s at 100,000 accounts taking a slice of every turn of the
 * event loop meanwhile, which went on after the state was dropped (built anew, forgotten) and slowed every request
 * of every client until it was done. Built here, a slice at a time, the pass is part of building the state, and
 * nothing is left running once it is built.
 */
export async function indexForChanges(index: EntityIndex): Promise<MutableEntityIndex> {
  if (index instanceof MutableEntityIndex) return index
  // The document loadEntities validated as a whole organization, which is what MutableEntityIndex asks for.
  return changeIndexInSlices(index.entities)
}

/** An organization validated as a whole (as stored), indexed for changes a slice at a time. */
export async function changeIndexInSlices(entities: Entities): Promise<MutableEntityIndex> {
  const changeIndex = new MutableEntityIndex(entities, { deferred: true })
  while (!changeIndex.indexSome(SLICE_MS)) await nextTurn()
  return changeIndex
}
