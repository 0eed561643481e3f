import type { ErrorObject } from 'ajv'
import { escapePointerToken } from './issue'

/** One schema mistake in the words every `validate` command uses: where it is, and what to write instead. */
export interface SchemaProblem {
  keyword: string
  path: string
  message: string
}

/** Edit distance (insertions, deletions, substitutions), case-insensitive: "checkintenttyp" is one from the name. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  let previous = Array.from({ length: y.length + 1 }, (_, k) => k)
  for (let i = 1; i <= x.length; i++) {
    const row = [i]
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1))
    }
    previous = row
  }
  return previous[y.length]!
}

/**
 * The candidate a misspelt name most likely meant: the nearest within a third of its length (at least 2 edits),
 * or the one it is a prefix or suffix of. Undefined when nothing is close: a guess far off misleads more than none.
 */
export function closestName(value: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  const lower = value.toLowerCase()
  for (const candidate of candidates) {
    if (candidate === value) continue
    const d = distance(value, candidate)
    const affix =
      lower.length >= 4 &&
      (candidate.toLowerCase().startsWith(lower) || candidate.toLowerCase().endsWith(lower))
    const bound = Math.max(2, Math.floor(Math.max(value.length, candidate.length) / 3))
    if ((d <= bound || affix) && d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}

const quoted = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value)).join(', ')

/** `must be one of: "a", "b"`, led by the value given and the one it was probably meant to be. */
export function allowedValuesMessage(value: unknown, allowed: readonly unknown[]): string {
  const list = `must be one of: ${quoted(allowed)}`
  if (typeof value !== 'string') return list
  const meant = closestName(
    value,
    allowed.filter((item): item is string => typeof item === 'string'),
  )
  return meant === undefined
    ? list
    : `${JSON.stringify(value)} is not allowed, did you mean ${JSON.stringify(meant)}? It ${list}`
}

/** `unknown member "x" is not allowed here`, with the member of that object it was probably meant to be. */
export function unknownMemberMessage(name: string, known: readonly string[]): string {
  const meant = closestName(name, known)
  return `unknown member ${JSON.stringify(name)} is not allowed here${meant === undefined ? '' : `, did you mean ${JSON.stringify(meant)}?`}`
}

/** The member names an object schema declares (Ajv's `verbose` errors carry the schema). */
function declaredMembers(error: ErrorObject): string[] {
  const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties
  return properties ? Object.keys(properties) : []
}

/**
 * Turns Ajv errors (from an instance with `verbose`, so unknown members can be matched to declared ones) into one
 * problem per mistake, in one style:
 * - an unknown value lists the allowed ones, led by a did-you-mean when one is close;
 * - an unknown member says which declared member it probably meant, and the missing required member it was
 *   meant to be is not reported again;
 * - a discriminator's complaint about its tag (an unknown or missing `criterion`) is left out when the tag's own
 *   error says it already.
 */
export function describeSchemaErrors(errors: readonly ErrorObject[]): SchemaProblem[] {
  // Misspelt members, by object: the required member each was meant to be is then not reported as missing.
  const meantFor = new Map<string, Set<string>>()
  const unknown = new Map<ErrorObject, string | undefined>()
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue
    const name = String(error.params.additionalProperty)
    const meant = closestName(name, declaredMembers(error))
    unknown.set(error, meant)
    if (meant === undefined) continue
    if (!meantFor.has(error.instancePath)) meantFor.set(error.instancePath, new Set())
    meantFor.get(error.instancePath)!.add(meant)
  }
  const problems: SchemaProblem[] = []
  for (const error of errors) {
    const { keyword, params, instancePath } = error
    switch (keyword) {
      case 'discriminator': {
        const tagPath = `${instancePath}/${escapePointerToken(String(params.tag))}`
        const told = errors.some((other) =>
          other.keyword === 'required'
            ? other.instancePath === instancePath && other.params.missingProperty === params.tag
            : other.instancePath === tagPath,
        )
        if (!told) problems.push({ keyword, path: instancePath, message: error.message ?? keyword })
        break
      }
      case 'required': {
        const name = String(params.missingProperty)
        if (meantFor.get(instancePath)?.has(name)) break
        const path = `${instancePath}/${escapePointerToken(name)}`
        problems.push({ keyword, path, message: `missing required member ${JSON.stringify(name)}` })
        break
      }
      case 'additionalProperties': {
        const name = String(params.additionalProperty)
        problems.push({
          keyword,
          path: `${instancePath}/${escapePointerToken(name)}`,
          message: unknownMemberMessage(name, declaredMembers(error)),
        })
        break
      }
      case 'enum':
        problems.push({
          keyword,
          path: instancePath,
          message: allowedValuesMessage(error.data, params.allowedValues as unknown[]),
        })
        break
      case 'const':
        problems.push({
          keyword,
          path: instancePath,
          message: allowedValuesMessage(error.data, [params.allowedValue]),
        })
        break
      default:
        problems.push({ keyword, path: instancePath, message: error.message ?? keyword })
    }
  }
  return problems
}
