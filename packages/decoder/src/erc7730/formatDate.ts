/** `YYYY-MM-DD HH:MM:SSZ` in UTC, or `undefined` when the timestamp is outside JavaScript's date range. */
export function formatDate(seconds: bigint): string | undefined {
  if (seconds < -8_640_000_000_000n || seconds > 8_640_000_000_000n) return undefined
  const date = new Date(Number(seconds) * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`
}

/** `HH:MM:SS` (hours may exceed 24). */
export function formatDuration(seconds: bigint): string {
  const total = seconds < 0n ? -seconds : seconds
  const pad = (n: bigint) => n.toString().padStart(2, '0')
  return `${pad(total / 3600n)}:${pad((total % 3600n) / 60n)}:${pad(total % 60n)}`
}
