// ERC-7730 path references: `#.a.b.[0].c.[-20:]`, `$.metadata.enums.x`, `@.value`, or relative `a.b`.

export type PathRoot = '#' | '$' | '@'

export type PathStep =
  | { kind: 'key'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'slice'; start: number | undefined; end: number | undefined }
  | { kind: 'all' }

export interface DataPath {
  /** `#` for relative paths too: `relative` says whether a group prefix applies. */
  root: PathRoot
  relative: boolean
  steps: PathStep[]
  /** The path as written, for messages. */
  text: string
}

const MAX_PATH_LENGTH = 512
const MAX_STEPS = 32
const BRACKET = /^\[(-?\d*)(?::(-?\d*))?\]$/

/** Parses a path, or returns `undefined` when it is not a valid ERC-7730 path. */
export function parsePath(text: string): DataPath | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_PATH_LENGTH) return undefined
  let root: PathRoot = '#'
  let relative = true
  let rest = text
  const head = text[0]
  if ((head === '#' || head === '$' || head === '@') && (text.length === 1 || text[1] === '.')) {
    root = head
    relative = false
    rest = text.slice(2)
  }
  const steps: PathStep[] = []
  if (rest.length > 0) {
    // Accept both `a.[0]` (normative) and `a[0]` (seen in examples) by splitting brackets out.
    for (const raw of rest.replace(/\[/g, '.[').split('.')) {
      if (raw === '') continue
      const step = parseStep(raw)
      if (!step) return undefined
      steps.push(step)
    }
  }
  if (steps.length > MAX_STEPS) return undefined
  return { root, relative, steps, text }
}

function parseStep(raw: string): PathStep | undefined {
  if (raw[0] !== '[') return /^[^[\]]+$/.test(raw) ? { kind: 'key', name: raw } : undefined
  const match = BRACKET.exec(raw)
  if (!match) return undefined
  const [, first = '', second] = match
  if (second === undefined) {
    if (first === '') return { kind: 'all' }
    return { kind: 'index', index: Number(first) }
  }
  return {
    kind: 'slice',
    start: first === '' ? undefined : Number(first),
    end: second === '' ? undefined : Number(second),
  }
}

/** Whether a path expands to several values (`[]`, or a slice applied to an array). */
export function hasWildcard(path: DataPath): boolean {
  return path.steps.some((step) => step.kind === 'all')
}

/** Canonical text of a path without its `#.` root, used to key rendered values for interpolation. */
export function pathKey(root: PathRoot, steps: readonly PathStep[]): string {
  const body = steps.map(stepText).join('.')
  return root === '#' ? body : body ? `${root}.${body}` : root
}

function stepText(step: PathStep): string {
  switch (step.kind) {
    case 'key':
      return step.name
    case 'index':
      return `[${step.index}]`
    case 'all':
      return '[]'
    case 'slice':
      return `[${step.start ?? ''}:${step.end ?? ''}]`
  }
}
