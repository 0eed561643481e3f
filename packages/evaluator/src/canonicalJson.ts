/**
 * Serializes JSON with object keys sorted, recursively: for the JSON values a request holds (strings, finite
 * numbers, booleans, null, arrays, objects) this is the JSON Canonicalization Scheme (RFC 8785), so the same
 * request always hashes to the same digest. Every decision hashes its request, so the work goes to the engine's
 * own JSON.stringify: the value is copied with each object's keys inserted in sorted order (objects already in
 * order are reused as they are), and stringified once. The default sort orders by UTF-16 code units, as RFC 8785
 * requires.
 *
 * Objects enumerate array-index keys ("0", "17") first, in numeric order, whatever the order they were inserted
 * in, and an inserted "__proto__" sets the prototype instead: a value with an object holding such keys (or with a
 * toJSON method, which JSON.stringify would call) is written out piece by piece instead (canonicalJsonByParts).
 */
export function canonicalJson(value: unknown): string {
  const sorted = sortedCopy(value)
  if (sorted === UNSORTABLE) return canonicalJsonByParts(value)
  return JSON.stringify(sorted) ?? 'null'
}

const UNSORTABLE: unique symbol = Symbol('unsortable')

/** Whether a key is an array index (a canonical integer below 2^32 - 1), which objects enumerate first. */
function isIndex(key: string): boolean {
  const first = key.charCodeAt(0)
  return first >= 48 && first <= 57 && String(Number(key)) === key && Number(key) < 4_294_967_295
}

/** Whether JSON.stringify would call a toJSON method of the value, which the serialization by parts ignores. */
const hasToJson = (value: object) => typeof (value as { toJSON?: unknown }).toJSON === 'function'

/** The value with every object's keys in sorted order, sharing what is already in order; UNSORTABLE if it cannot. */
function sortedCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) {
    // As canonicalJsonByParts writes them (JSON.stringify would drop such members instead).
    return typeof value === 'function' || typeof value === 'symbol' ? null : value
  }
  if (hasToJson(value)) return UNSORTABLE
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      const sorted = sortedCopy(item)
      if (sorted === UNSORTABLE) return UNSORTABLE
      if (sorted !== item) {
        copy ??= value.slice()
        copy[i] = sorted
      }
    }
    return copy ?? value
  }
  const object = value as Record<string, unknown>
  const keys = Object.keys(object)
  let inOrder = true
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    if (key === '__proto__' || (keys.length > 1 && isIndex(key))) return UNSORTABLE
    if (i > 0 && (keys[i - 1] as string) > key) inOrder = false
  }
  if (!inOrder) keys.sort()
  let copy: Record<string, unknown> | undefined = inOrder ? undefined : {}
  for (const key of keys) {
    const item = object[key]
    const sorted = sortedCopy(item)
    if (sorted === UNSORTABLE) return UNSORTABLE
    if (copy) copy[key] = sorted
    else if (sorted !== item) {
      copy = { ...object }
      copy[key] = sorted
    }
  }
  // A copy of an object in order keeps its order; one that is not yet was filled in sorted order.
  return copy ?? value
}

/** The same serialization, written out piece by piece: for values canonicalJson cannot hand to JSON.stringify. */
export function canonicalJsonByParts(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ','
      out += canonicalJsonByParts(value[i])
    }
    return `${out}]`
  }
  const object = value as Record<string, unknown>
  const keys = Object.keys(object).sort()
  let out = '{'
  for (const key of keys) {
    const item = object[key]
    if (item === undefined) continue
    if (out.length > 1) out += ','
    out += `${JSON.stringify(key)}:${canonicalJsonByParts(item)}`
  }
  return `${out}}`
}
