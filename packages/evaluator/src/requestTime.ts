import type { EvaluatorIssue } from './errors'
import type { CheckRequestTime, Criterion, TimeWindow } from './generated/policy'

/**
 * The local day and time of a request in one time zone, as the policy library reads it (input.clock[zone]): the
 * weekday (`mon`…`sun`) and the minutes since local midnight. A pair, not an object: each input field costs its parse.
 *
 * OPA's WASM target has no time zone data (`time.clock` and `time.weekday` with a zone are builtins its runtime does
 * not implement), so the evaluator computes the local time with `Intl`, from the zone rules Node ships with its ICU,
 * daylight-saving changes included, and never fetches any.
 */
export type LocalClock = [weekday: string, minute: number]

/** checkRequestTime as the policy library reads it: the canonical zone, within or outside, windows in minutes. */
export interface PreparedRequestTime {
  timeZone: string
  within: boolean
  /** Each window's days, and its start (included) and end (excluded) in minutes since local midnight. */
  windows: { days: string[]; start: number; end: number }[]
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

const formatters = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone: building one costs far more than formatting with it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The zone's canonical IANA name (Intl reads names case-insensitively), or undefined for a zone Intl does not know. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** The last local time computed per zone, for the second it was computed for: requests come many a second. */
const lastClock = new Map<string, { now: number; clock: LocalClock }>()

/** The local weekday and minute of `now` (unix seconds) in a zone, or undefined when it cannot be computed. */
export function localClock(timeZone: string, now: number): LocalClock | undefined {
  const last = lastClock.get(timeZone)
  if (last?.now === now) return last.clock
  try {
    let weekday = ''
    let hour = -1
    let minute = -1
    for (const part of formatterFor(timeZone).formatToParts(new Date(now * 1000))) {
      if (part.type === 'weekday') weekday = part.value.toLowerCase()
      else if (part.type === 'hour') hour = Number(part.value)
      else if (part.type === 'minute') minute = Number(part.value)
    }
    if (!WEEKDAYS.includes(weekday) || !(hour >= 0 && hour < 24) || !(minute >= 0 && minute < 60))
      return undefined
    const clock: LocalClock = [weekday, hour * 60 + minute]
    lastClock.set(timeZone, { now, clock })
    return clock
  } catch {
    return undefined
  }
}

/** The local time of `now` in each zone; a zone whose time cannot be computed is left out (no permit holds on it). */
export function clocksFor(timeZones: readonly string[], now: number): Record<string, LocalClock> | undefined {
  if (timeZones.length === 0) return undefined
  const clocks: Record<string, LocalClock> = {}
  for (const zone of timeZones) {
    const clock = localClock(zone, now)
    if (clock) clocks[zone] = clock
  }
  return clocks
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** Restates checkRequestTime for the policy library: the zone's canonical name, windows in minutes, defaults given. */
export function prepareRequestTime(args: CheckRequestTime['args']): PreparedRequestTime {
  const within = 'within' in args
  const windows: TimeWindow[] = within ? args.within : args.outside
  return {
    timeZone: canonicalTimeZone(args.timeZone) ?? args.timeZone,
    within,
    windows: windows.map((window) => ({
      days: window.days ?? WEEKDAYS,
      start: minutes(window.from ?? '00:00'),
      end: minutes(window.to ?? '24:00'),
    })),
  }
}

/**
 * What the schema cannot say of checkRequestTime: the zone must be one this runtime knows, and each window must end
 * after it starts (a window across midnight is two windows: which day it belongs to would otherwise be a guess).
 */
export function requestTimeIssues(when: readonly Criterion[] | undefined, base: string): EvaluatorIssue[] {
  const issues: EvaluatorIssue[] = []
  if (!Array.isArray(when)) return issues
  when.forEach((criterion, c) => {
    if (criterion?.criterion !== 'checkRequestTime') return
    const args = criterion.args
    if (canonicalTimeZone(args.timeZone) === undefined)
      issues.push({
        code: 'unknown-time-zone',
        path: `${base}/${c}/args/timeZone`,
        message: `"${args.timeZone}" is not an IANA time zone this runtime knows`,
      })
    const key = 'within' in args ? 'within' : 'outside'
    const windows: TimeWindow[] = 'within' in args ? args.within : args.outside
    windows.forEach((window, w) => {
      if (minutes(window.from ?? '00:00') >= minutes(window.to ?? '24:00'))
        issues.push({
          code: 'empty-time-window',
          path: `${base}/${c}/args/${key}/${w}`,
          message: 'the window must end after it starts (write a window across midnight as two windows)',
        })
    })
  })
  return issues
}
