// What the gateway's error registry (src/core/errors/gatewayErrors.ts) generates: the `code` enum of
// schemas/gateway/error.schema.json and the table of codes in the gateway README. Shared by scripts/errors.ts, which
// writes or checks them, and by the test that fails `pnpm test` when they drift.
import type { ErrorDefinition } from '@rampart/entities'
import { gatewayErrors } from '../src/core/errors/gatewayErrors'
import { providerErrors } from '../src/core/errors/providerErrors'

export const errorSchemaPath = new URL('../../../schemas/gateway/error.schema.json', import.meta.url)
export const readmePath = new URL('../README.md', import.meta.url)
export const tableStart =
  '<!-- error codes: generated from src/core/errors/gatewayErrors.ts by pnpm errors:generate -->'
export const tableEnd = '<!-- end of error codes -->'

const lineWidth = 110

/** The registry's rows by status, then code, as the table lists them. */
function rows(): [string, ErrorDefinition][] {
  return Object.entries(gatewayErrors as Record<string, ErrorDefinition>).sort(
    ([a, x], [b, y]) => (x.httpStatus ?? 0) - (y.httpStatus ?? 0) || (a < b ? -1 : 1),
  )
}

/**
 * JSON as biome formats it: two spaces, objects expanded, an array of plain values on one line when that line
 * (`prefix` characters before it, a comma after) fits the line width.
 */
function formatJson(value: unknown, indent = '', prefix = 0): string {
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    const items = value.map((item) => formatJson(item, inner, inner.length))
    const flat = `[${items.join(', ')}]`
    const plain = value.every((item) => item === null || typeof item !== 'object')
    if (plain && prefix + flat.length + 1 <= lineWidth) return flat
    return `[\n${items.map((item) => `${inner}${item}`).join(',\n')}\n${indent}]`
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => {
      const name = `${inner}${JSON.stringify(key)}: `
      return `${name}${formatJson(item, inner, name.length)}`
    })
    return entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n${indent}}`
  }
  return JSON.stringify(value)
}

/** error.schema.json with its `code` enum made from the registry, every other part as it is. */
export function errorSchemaText(current: string): string {
  const schema = JSON.parse(current)
  schema.properties.code = {
    description:
      'Stable, for clients to match on; its HTTP status is always the same. Generated from the gateway error registry (packages/gateway/src/core/errors/gatewayErrors.ts) by pnpm errors:generate.',
    type: 'string',
    enum: Object.keys(gatewayErrors).sort(),
  }
  return `${formatJson(schema)}\n`
}

/** The README's table of codes, between its markers. */
export function errorTable(): string {
  const provider = new Set(Object.keys(providerErrors))
  const lines = [
    '| status | code | meaning |',
    '| ------ | ---- | ------- |',
    ...rows().map(
      ([code, { httpStatus, meaning }]) =>
        `| ${httpStatus ?? ''} | \`${code}\` | ${meaning.replaceAll('|', '\\|')}${provider.has(code) ? ' (a provider’s)' : ''} |`,
    ),
  ]
  return `${tableStart}\n\n${lines.join('\n')}\n\n${tableEnd}`
}

/** The README with its table of codes regenerated; throws when the markers are missing. */
export function readmeText(current: string): string {
  const start = current.indexOf(tableStart)
  const end = current.indexOf(tableEnd)
  if (start < 0 || end < start)
    throw new Error(`the gateway README has no "${tableStart}" ... "${tableEnd}" markers`)
  return `${current.slice(0, start)}${errorTable()}${current.slice(end + tableEnd.length)}`
}
