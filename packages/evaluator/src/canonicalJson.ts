/**
 * Serializes JSON with object keys sorted, recursively: for the JSON values a request holds (strings, finite
 * numbers, booleans, null, arrays, objects) this is the JSON Canonicalization Scheme (RFC 8785), so the same
 * request always hashes to the same digest. Every decision hashes its request, so this builds one string
 * directly rather than through intermediate entry arrays.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ','
      out += canonicalJson(value[i])
    }
    return `${out}]`
  }
  const object = value as Record<string, unknown>
  // The default sort orders by UTF-16 code units, as RFC 8785 requires.
  const keys = Object.keys(object).sort()
  let out = '{'
  for (const key of keys) {
    const item = object[key]
    if (item === undefined) continue
    if (out.length > 1) out += ','
    out += `${JSON.stringify(key)}:${canonicalJson(item)}`
  }
  return `${out}}`
}
