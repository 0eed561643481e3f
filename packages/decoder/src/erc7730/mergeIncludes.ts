// Merges an ERC-7730 file with the file it `includes`: the including file wins on conflicts, and field
// lists merge by `path` (same path: parameters overridden; new path: appended), as the spec prescribes.

type Json = Record<string, unknown>

/**
 * Sets a member as JSON.parse does (a data property), so that a `__proto__` member stays a member: assigned, it
 * would become the object's prototype and what it holds would read as the descriptor's own content.
 */
function put(object: Json, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
}

/** Reads an own member only: `__proto__` or `constructor` in one file must not find what every object inherits. */
function own(object: Json, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function mergeDescriptor(including: Json, included: Json): Json {
  const result: Json = { ...included }
  for (const [key, value] of Object.entries(including)) {
    if (key === 'includes') continue
    if (key === 'display' && isObject(value) && isObject(included.display)) {
      result.display = mergeDisplay(value, included.display)
    } else {
      put(result, key, mergeValue(value, own(result, key)))
    }
  }
  delete result.includes
  return result
}

function mergeDisplay(including: Json, included: Json): Json {
  const result: Json = { ...included }
  for (const [key, value] of Object.entries(including)) {
    if (key === 'formats' && isObject(value) && isObject(included.formats)) {
      const formats: Json = { ...included.formats }
      for (const [signature, format] of Object.entries(value)) {
        const base = own(formats, signature)
        put(formats, signature, isObject(format) && isObject(base) ? mergeFormat(format, base) : format)
      }
      result.formats = formats
    } else {
      put(result, key, mergeValue(value, own(result, key)))
    }
  }
  return result
}

function mergeFormat(including: Json, included: Json): Json {
  const result: Json = { ...included }
  for (const [key, value] of Object.entries(including)) {
    if (key === 'fields' && Array.isArray(value) && Array.isArray(included.fields)) {
      const fields = [...included.fields]
      for (const field of value) {
        const path = isObject(field) ? field.path : undefined
        const at = path === undefined ? -1 : fields.findIndex((f) => isObject(f) && f.path === path)
        if (at >= 0) fields[at] = mergeValue(field, fields[at])
        else fields.push(field)
      }
      result.fields = fields
    } else {
      put(result, key, mergeValue(value, own(result, key)))
    }
  }
  return result
}

function mergeValue(including: unknown, included: unknown): unknown {
  if (!isObject(including) || !isObject(included)) return including
  const result: Json = { ...included }
  for (const [key, value] of Object.entries(including)) put(result, key, mergeValue(value, own(result, key)))
  return result
}
