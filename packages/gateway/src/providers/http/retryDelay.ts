/** How long to wait before retry `attempt` (0 for the first retry): exponential, full jitter, capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt)
  return Math.floor(random() * ceiling)
}

/**
 * A `Retry-After` header as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined
 * when absent or unreadable; never negative.
 */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
