import type { Window } from './generated/policy'

const DAY = 86_400

/**
 * The first second (unix seconds, inclusive) of a limit window ending at `now`. Rolling windows reach back a
 * number of seconds; fixed windows start at the calendar boundary in UTC: midnight today, the first of this
 * month, or the first of January.
 */
export function windowStart(window: Window, now: number): number {
  if (window.type === 'rolling') return now - window.seconds + 1
  // Unix time counts every UTC day as 86,400 seconds, so midnight needs no calendar (and no Date per decision).
  if (window.period === 'day') return Math.floor(now / DAY) * DAY
  const date = new Date(now * 1000)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth()
  switch (window.period) {
    case 'month':
      return Date.UTC(year, month, 1) / 1000
    case 'year':
      return Date.UTC(year, 0, 1) / 1000
  }
}
