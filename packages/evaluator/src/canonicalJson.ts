/**
 * Serializes JSON with object keys sorted, recursively: for the JSON values a request holds (strings, finite
 * numbers, booleans, null, arrays, objects) this is the JSON Canonicalization Scheme (RFC 8785), so the same
 * request always hashes to the same digest.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}
