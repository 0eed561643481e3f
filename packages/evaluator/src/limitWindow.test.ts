import { describe, expect, it } from 'vitest'
import { windowStart } from './limitWindow'

const at = (iso: string) => Date.parse(iso) / 1000

describe('windowStart', () => {
  it('reaches back a number of seconds for a rolling window, the end included', () => {
    expect(windowStart({ type: 'rolling', seconds: 3600 }, 10_000)).toBe(6401)
  })

  it('starts fixed windows at UTC calendar boundaries', () => {
    const now = at('2024-02-29T17:45:12Z')
    expect(windowStart({ type: 'fixed', period: 'day' }, now)).toBe(at('2024-02-29T00:00:00Z'))
    expect(windowStart({ type: 'fixed', period: 'month' }, now)).toBe(at('2024-02-01T00:00:00Z'))
    expect(windowStart({ type: 'fixed', period: 'year' }, now)).toBe(at('2024-01-01T00:00:00Z'))
  })

  it('handles the first second of a period and year ends', () => {
    expect(windowStart({ type: 'fixed', period: 'day' }, at('2025-01-01T00:00:00Z'))).toBe(
      at('2025-01-01T00:00:00Z'),
    )
    expect(windowStart({ type: 'fixed', period: 'month' }, at('2024-12-31T23:59:59Z'))).toBe(
      at('2024-12-01T00:00:00Z'),
    )
  })

  it('starts a day window at UTC midnight, as the calendar does', () => {
    for (let now = -86_400 * 3; now < 86_400 * 366 * 60; now += 7_777_777)
      for (const offset of [0, 1, 86_399, 0.5])
        expect(windowStart({ type: 'fixed', period: 'day' }, now + offset)).toBe(
          (() => {
            const date = new Date((now + offset) * 1000)
            return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 1000
          })(),
        )
  })
})
