// The criteria table of policies/README.md is where policy authors learn the criteria: every criterion of
// policy.schema.json must have its row, every member its arguments take must be named in that row (or, for a
// member nested in an object argument such as a limit's window or filters, in the notes under the table), and
// every value an argument member is limited to must be spelt out there too.
import { readFileSync } from 'node:fs'
import policySchema from '@rampart/schemas/policy.schema.json'
import { describe, expect, it } from 'vitest'

type Schema = Record<string, unknown>

const defs = policySchema.$defs as unknown as Record<string, Schema>
const criteria: string[] = policySchema.$defs.Criterion.properties.criterion.enum

// Value lists that a row names by what they are (action[], role[], flag[]...), with a section of their own or a
// schema that lists them; their values are not repeated in each row.
const LISTED_ELSEWHERE = new Set([
  'Action',
  'IntentType',
  'IntentFlag',
  'UserRole',
  'AccountType',
  'AccountClassification',
])

const readme = readFileSync(new URL('../../../policies/README.md', import.meta.url), 'utf8')

/** The Criteria section: from its heading to the next heading of the same level. */
function criteriaSection(text: string): string {
  const start = text.indexOf('\n## Criteria\n')
  expect(start, 'policies/README.md has a "## Criteria" section').toBeGreaterThan(-1)
  const end = text.indexOf('\n## ', start + 1)
  return text.slice(start, end === -1 ? undefined : end)
}

/**
 * The criteria each table row documents, with the row's text. A row names one criterion in full and may name
 * its siblings by the part that differs: `checkIntentType` / `ChainId` is checkIntentType and checkIntentChainId.
 */
function tableRows(section: string): Map<string, string> {
  const rows = new Map<string, string>()
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `check')) continue
    const [, first] = line.split(/(?<!\\)\|/)
    const names = [...first!.matchAll(/`([A-Za-z0-9]+)`/g)].map((match) => match[1]!)
    const base = names[0]!.replace(/[A-Z][a-z0-9]*$/, '')
    for (const name of names) rows.set(name.startsWith('check') ? name : `${base}${name}`, line)
  }
  return rows
}

const resolve = (schema: Schema): [Schema, string | undefined] => {
  const ref = schema.$ref as string | undefined
  if (ref === undefined) return [schema, undefined]
  const name = ref.split('/').at(-1)!
  return [defs[name]!, name]
}

interface ArgumentParts {
  /** Members of the argument object itself, or of the objects a list argument holds. */
  members: Set<string>
  /** Members of objects nested in a member (a window's type, a filter). */
  nested: Set<string>
  /** Values an argument member is limited to. */
  values: Set<string>
}

/**
 * Walks an argument schema through references, alternatives and lists. A nested criterion (the `when` of a call
 * condition set) is documented by its own row, so the walk stops there.
 */
function argumentParts(
  schema: Schema,
  parts: ArgumentParts,
  depth: number,
  seen: Set<string>,
): ArgumentParts {
  const [resolved, name] = resolve(schema)
  if (name !== undefined) {
    if (seen.has(name) || LISTED_ELSEWHERE.has(name)) return parts
    seen = new Set([...seen, name])
  }
  const properties = resolved.properties as Record<string, Schema> | undefined
  if (properties && 'criterion' in properties) return parts
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
    for (const branch of (resolved[key] as Schema[] | undefined) ?? [])
      argumentParts(branch, parts, depth, seen)
  if (resolved.items) argumentParts(resolved.items as Schema, parts, depth, seen)
  for (const value of (resolved.enum as unknown[] | undefined) ?? [])
    if (typeof value === 'string') parts.values.add(value)
  if (typeof resolved.const === 'string') parts.values.add(resolved.const)
  for (const [member, memberSchema] of Object.entries(properties ?? {})) {
    // `anyOf` holds sets of the same requirements, or condition sets: their members belong to the row too.
    ;(depth === 0 || member === 'anyOf' ? parts.members : parts.nested).add(member)
    argumentParts(memberSchema, parts, member === 'anyOf' ? depth : depth + 1, seen)
  }
  return parts
}

function argumentsOf(criterion: string): ArgumentParts {
  const parts: ArgumentParts = { members: new Set(), nested: new Set(), values: new Set() }
  const args = (defs[criterion]!.properties as Record<string, Schema>).args
  return args ? argumentParts(args, parts, 0, new Set()) : parts
}

const named = (text: string, word: string) =>
  new RegExp(`(?<![A-Za-z0-9])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`).test(text)

describe('policies/README.md criteria table', () => {
  const section = criteriaSection(readme)
  const rows = tableRows(section)

  it('has a row for every criterion of policy.schema.json, and none for a criterion it lacks', () => {
    expect(criteria.filter((criterion) => !rows.has(criterion))).toEqual([])
    expect([...rows.keys()].filter((criterion) => !criteria.includes(criterion))).toEqual([])
  })

  it.each(criteria)('names every argument of %s, and the values they take', (criterion) => {
    const row = rows.get(criterion) ?? ''
    const { members, nested, values } = argumentsOf(criterion)
    expect(
      [...members].filter((member) => !named(row, member)),
      'members missing from its row',
    ).toEqual([])
    expect(
      [...nested].filter((member) => !named(section, member)),
      'nested members missing from the section',
    ).toEqual([])
    expect(
      [...values].filter((value) => !named(section, value)),
      'values missing from the section',
    ).toEqual([])
  })
})
