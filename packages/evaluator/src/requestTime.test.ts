import { describe, expect, it } from 'vitest'
import {
  canonicalTimeZone,
  clocksFor,
  localClock,
  prepareRequestTime,
  requestTimeIssues,
} from './requestTime'

const at = (iso: string) => Date.parse(iso) / 1000

describe('localClock', () => {
  it('follows Europe/Zurich across its daylight-saving changes', () => {
    // 30 March 2025: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    expect(localClock('Europe/Zurich', at('2025-03-30T00:59:00Z'))).toEqual(['sun', 1 * 60 + 59])
    expect(localClock('Europe/Zurich', at('2025-03-30T01:00:00Z'))).toEqual(['sun', 3 * 60])
    // 26 October 2025: 03:00 CEST becomes 02:00 CET at 01:00 UTC, so 02:30 comes twice.
    expect(localClock('Europe/Zurich', at('2025-10-26T00:30:00Z'))).toEqual(['sun', 2 * 60 + 30])
    expect(localClock('Europe/Zurich', at('2025-10-26T01:30:00Z'))).toEqual(['sun', 2 * 60 + 30])
    expect(localClock('Europe/Zurich', at('2025-10-27T07:00:00Z'))).toEqual(['mon', 8 * 60])
  })

  it('follows America/New_York across its daylight-saving changes', () => {
    // 9 March 2025: 02:00 EST becomes 03:00 EDT at 07:00 UTC.
    expect(localClock('America/New_York', at('2025-03-09T06:59:00Z'))).toEqual(['sun', 1 * 60 + 59])
    expect(localClock('America/New_York', at('2025-03-09T07:00:00Z'))).toEqual(['sun', 3 * 60])
    // 2 November 2025: 02:00 EDT becomes 01:00 EST at 06:00 UTC.
    expect(localClock('America/New_York', at('2025-11-02T05:30:00Z'))).toEqual(['sun', 1 * 60 + 30])
    expect(localClock('America/New_York', at('2025-11-02T06:30:00Z'))).toEqual(['sun', 1 * 60 + 30])
    // Across local midnight: Saturday evening in New York is Sunday in UTC.
    expect(localClock('America/New_York', at('2025-11-09T03:00:00Z'))).toEqual(['sat', 22 * 60])
  })

  it('gives midnight as minute 0, never 24:00', () => {
    expect(localClock('UTC', at('2025-03-14T00:00:00Z'))).toEqual(['fri', 0])
  })

  it('leaves out a time it cannot compute', () => {
    expect(localClock('Europe/Zurich', 9_000_000_000_000_000)).toBeUndefined()
    expect(clocksFor(['Europe/Zurich'], 9_000_000_000_000_000)).toEqual({})
    expect(clocksFor([], 0)).toBeUndefined()
  })
})

describe('prepareRequestTime', () => {
  it('states the zone canonically and windows in minutes, with defaults', () => {
    expect(
      prepareRequestTime({
        timeZone: 'europe/zurich',
        outside: [{ days: ['mon'], from: '08:30', to: '24:00' }, {}],
      }),
    ).toEqual({
      timeZone: 'Europe/Zurich',
      within: false,
      windows: [
        { days: ['mon'], start: 510, end: 1440 },
        { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: 0, end: 1440 },
      ],
    })
  })
})

describe('requestTimeIssues', () => {
  it('names unknown zones and windows that end before they start by their JSON Pointer', () => {
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined()
    const when = [
      { criterion: 'checkAction', args: ['signTransaction'] },
      {
        criterion: 'checkRequestTime',
        args: { timeZone: 'Mars/Olympus_Mons', within: [{ from: '18:00', to: '08:00' }, { from: '08:00' }] },
      },
    ] as never
    expect(requestTimeIssues(when, '/3/when')).toEqual([
      expect.objectContaining({ code: 'unknown-time-zone', path: '/3/when/1/args/timeZone' }),
      expect.objectContaining({ code: 'empty-time-window', path: '/3/when/1/args/within/0' }),
    ])
  })
})
