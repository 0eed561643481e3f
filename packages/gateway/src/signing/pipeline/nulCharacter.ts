import { escapePointerToken } from '@rampart/entities'

/**
 * The JSON Pointer of the first string (member name or value) holding a NUL character (U+0000), if any. Records
 * are stored as PostgreSQL jsonb, which cannot hold one: such a body is refused as invalid before anything is
 * recorded, not failed on its way into the database. Bodies are bounded in depth before they are parsed.
 */
export function nulCharacterAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (typeof value !== 'object' || value === null) return undefined
  for (const [key, member] of Object.entries(value)) {
    const at = `${path}/${escapePointerToken(key)}`
    if (key.includes('\u0000')) return at
    const found = nulCharacterAt(member, at)
    if (found !== undefined) return found
  }
  return undefined
}
