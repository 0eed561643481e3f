import { isObject, mergeDescriptor } from './mergeIncludes'
import type { DescriptorLoadIssue } from './types'

const MAX_INCLUDE_DEPTH = 4

/**
 * A descriptor with its `includes` chain merged in (each include resolved relative to the file that names
 * it), or `undefined` with an issue when the descriptor or an include is missing, invalid or cyclic.
 */
export function withIncludes(
  source: string,
  json: unknown,
  resolveInclude: (including: string, reference: string) => unknown,
  issues: DescriptorLoadIssue[],
): Record<string, unknown> | undefined {
  if (!isObject(json)) {
    issues.push({
      code: 'ERC7730_INVALID_DESCRIPTOR',
      message: 'Descriptor is not a JSON object',
      context: {},
      source,
      path: '',
    })
    return undefined
  }
  let current: Record<string, unknown> = json
  let currentSource = source
  const seen = new Set([normalizeSource(source)])
  for (let depth = 0; typeof current.includes === 'string'; depth++) {
    const reference = current.includes
    const next = depth < MAX_INCLUDE_DEPTH ? safeInclude(resolveInclude, currentSource, reference) : undefined
    const nextSource = joinSource(currentSource, reference)
    if (!isObject(next) || seen.has(normalizeSource(nextSource))) {
      issues.push({
        code: 'ERC7730_INCLUDE_NOT_FOUND',
        message: `Cannot include "${reference}"`,
        context: { reference },
        source,
        path: '/includes',
      })
      return undefined
    }
    seen.add(normalizeSource(nextSource))
    // Merge bottom-up: the included file (with its own includes) first, then this file over it.
    const inner: Record<string, unknown> = next
    const merged = mergeDescriptor(current, inner)
    if (typeof inner.includes === 'string') merged.includes = inner.includes
    current = merged
    currentSource = nextSource
  }
  return current
}

function safeInclude(
  resolveInclude: (including: string, reference: string) => unknown,
  source: string,
  reference: string,
): unknown {
  try {
    return resolveInclude(source, reference)
  } catch {
    return undefined
  }
}

export function joinSource(including: string, reference: string): string {
  return normalizeSource(`${including.split(/[\\/]/).slice(0, -1).join('/')}/${reference}`)
}

/** `a/./b/../c.json` → `a/c.json`, so the same file is recognized under different spellings. */
export function normalizeSource(source: string): string {
  const out: string[] = []
  for (const segment of source.split(/[\\/]/)) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') out.pop()
    else out.push(segment)
  }
  return out.join('/')
}
