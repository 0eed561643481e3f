import { describe, expect, it } from 'vitest'
import { assignSlots } from './slotLayout'

const increasing = (slots: number[]) => slots.every((slot, i) => i === 0 || slot > (slots[i - 1] as number))
const moved = (previous: (number | undefined)[], slots: number[]) =>
  previous.filter((slot, i) => slot !== undefined && slot !== slots[i]).length

describe('assignSlots', () => {
  it('lays a new set out `spacing` apart', () => {
    expect(assignSlots([undefined, undefined, undefined], 1)).toEqual([0, 1, 2])
    expect(assignSlots([undefined, undefined, undefined], 2)).toEqual([1, 3, 5])
  })

  it('keeps every slot when policies are removed or appended', () => {
    expect(assignSlots([1, 5, 7], 2)).toEqual([1, 5, 7])
    expect(assignSlots([1, 3, 5, undefined, undefined], 2)).toEqual([1, 3, 5, 7, 9])
  })

  it('puts an added policy in a free slot between its neighbours', () => {
    expect(assignSlots([undefined, 1, 3], 2)).toEqual([0, 1, 3])
    expect(assignSlots([1, undefined, 3], 2)).toEqual([1, 2, 3])
    expect(assignSlots([1, undefined, undefined, 7], 2)).toEqual([1, 3, 5, 7])
  })

  it('moves the fewest neighbours when there is no room, to either side', () => {
    // Dense slots 0..9, a policy added before the last: moving the last one (to the end) makes room.
    const nearEnd = [0, 1, 2, 3, 4, 5, 6, 7, 8, undefined, 9]
    const slots = assignSlots(nearEnd, 1)
    expect(increasing(slots)).toBe(true)
    expect(moved(nearEnd, slots)).toBe(1)
    // Room at the start (slots from 5): a policy added after the first moves that one only.
    const nearStart = [5, undefined, 6, 7, 8, 9, 10, 11]
    const left = assignSlots(nearStart, 1)
    expect(increasing(left)).toBe(true)
    expect(left.slice(2)).toEqual([6, 7, 8, 9, 10, 11])
  })

  it('keeps the longest run in order when policies are reordered', () => {
    const previous = [9, 1, 3, 5, 7]
    const slots = assignSlots(previous, 2)
    expect(increasing(slots)).toBe(true)
    expect(slots.slice(1)).toEqual([1, 3, 5, 7])
    expect(assignSlots([7, 5, 3, 1], 2).every((slot) => slot >= 0)).toBe(true)
  })

  it('always gives strictly increasing slots, whatever the order and gaps (seeded)', () => {
    let seed = 7
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed % n
    }
    for (let round = 0; round < 500; round++) {
      const size = rand(12)
      const pool = Array.from({ length: 24 }, (_, slot) => slot).sort(() => rand(3) - 1)
      const previous = Array.from({ length: size }, (_, i) => (rand(3) === 0 ? undefined : pool[i]))
      const slots = assignSlots(previous, 1 + rand(2))
      expect(slots).toHaveLength(size)
      expect(increasing(slots), JSON.stringify(previous)).toBe(true)
      expect(slots.every((slot) => Number.isInteger(slot) && slot >= 0)).toBe(true)
    }
  })
})
