// Where each policy of a set sits in the policy library's list. The library decides in list order (the first
// matching forbid, else the first satisfied permit), and each bucket names its policies by their place in it; a
// policy moved to another place must be filed again in every bucket it is in. So places are slots, in policy order
// but not necessarily next to each other: a removed policy leaves its slot empty, an added one takes a free slot
// between its neighbours, and only when there is none are some neighbours moved, as few as can be.

/** The indexes of a longest run of strictly increasing slots (undefined: none), in order: O(n log n). */
function longestIncreasing(slots: readonly (number | undefined)[]): Set<number> {
  const tails: number[] = []
  const previous = new Array<number>(slots.length).fill(-1)
  slots.forEach((slot, i) => {
    if (slot === undefined) return
    let low = 0
    let high = tails.length
    while (low < high) {
      const middle = (low + high) >> 1
      if ((slots[tails[middle] as number] as number) < slot) low = middle + 1
      else high = middle
    }
    if (low > 0) previous[i] = tails[low - 1] as number
    tails[low] = i
  })
  const kept = new Set<number>()
  for (let i = tails[tails.length - 1] ?? -1; i >= 0; i = previous[i] as number) kept.add(i)
  return kept
}

/**
 * Slots for a set's policies, in their new order, given the slot each had (undefined: a new policy): strictly
 * increasing. The longest run of policies whose slots are already in order keeps them; the others are placed in the
 * free slots between their kept neighbours, spread out so that later additions find room. Where there is not room
 * enough, the nearest kept neighbours give up their slots too, on the side that moves fewer. Past the last kept
 * policy there is always room: new slots are `spacing` apart there.
 */
export function assignSlots(previous: readonly (number | undefined)[], spacing: number): number[] {
  const kept = longestIncreasing(previous)
  const slots = new Array<number>(previous.length)
  const slotBefore = (i: number) => (i > 0 ? (slots[i - 1] as number) : -1)
  const keptAt = (i: number) => (i < previous.length ? (previous[i] as number) : Number.POSITIVE_INFINITY)
  let i = 0
  while (i < previous.length) {
    if (kept.has(i)) {
      slots[i] = previous[i] as number
      i++
      continue
    }
    // A run [start, end) of policies to place between the slot before `start` and the kept one at `end`.
    let start = i
    let end = i
    while (end < previous.length && !kept.has(end)) end++
    const fits = (from: number, to: number) => to - from <= keptAt(to) - slotBefore(from) - 1
    if (!fits(start, end)) {
      // Grow the run over kept neighbours until it fits: to the right it always does in the end (past the last
      // slot), to the left only while there are policies before it. Take the side that moves fewer.
      let right = end
      while (!fits(start, right)) {
        right++
        while (right < previous.length && !kept.has(right)) right++
      }
      let left = start
      while (left > 0 && !fits(left, end)) left--
      if (fits(left, end) && start - left < right - end) start = left
      else end = right
    }
    const from = slotBefore(start)
    const to = keptAt(end)
    const count = end - start
    for (let k = 0; k < count; k++)
      slots[start + k] =
        to === Number.POSITIVE_INFINITY
          ? from + spacing * (k + 1)
          : from + Math.floor(((k + 1) * (to - from)) / (count + 1))
    i = end
  }
  return slots
}
