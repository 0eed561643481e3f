import { detectEntityKind, ENTITY_KINDS, entityKindNames } from '@rampart/entities'

/**
 * Why a document whose kind was not given is validated as a full document, when it is not one: it lacks some of
 * the ten collections, and no partial kind fits (each needs its collections and holds nothing else). Names each
 * kind tried and what kept it from matching, so "missing required member" errors against the full schema are not
 * a surprise. Undefined for a document that is not an object, or holds every collection of a full one.
 */
export function kindFallbackNote(doc: unknown): string | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined
  if (detectEntityKind(doc) !== 'full') return undefined
  const keys = Object.keys(doc).filter((key) => key !== '$schema')
  const missingFull = ENTITY_KINDS.full.required.filter((name) => !keys.includes(name))
  if (missingFull.length === 0) return undefined
  const reasons = entityKindNames
    .filter((kind) => kind !== 'full')
    .map((kind) => {
      const { required, optional } = ENTITY_KINDS[kind]
      const allowed: readonly string[] = [...required, ...optional]
      const missing = required.filter((name) => !keys.includes(name))
      const extra = keys.filter((key) => !allowed.includes(key))
      const why = missing.length > 0 ? `lacks ${missing.join(', ')}` : `also holds ${extra.join(', ')}`
      return `${kind} (${why})`
    })
  return (
    `matches no partial kind, so it is validated as a full document (which also needs ${missingFull.join(', ')}); ` +
    `kinds tried: ${reasons.join('; ')}. Give --kind to choose one.`
  )
}
