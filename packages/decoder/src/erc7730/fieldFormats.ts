import resolutionSchema from '@rampart/schemas/decoder/resolution.schema.json'
import type { FieldFormat } from './types'

/**
 * The ERC-7730 field formats, read from the one list of them: DisplayField's `format` enum in
 * schemas/decoder/resolution.schema.json. The FieldFormat type is generated from the same enum
 * (`pnpm types:generate`), so the names the engine accepts and the names its type allows cannot drift apart.
 */
const fieldFormats: ReadonlySet<string> = new Set(resolutionSchema.$defs.DisplayField.properties.format.enum)

/** Whether a descriptor's `format` names an ERC-7730 field format. */
export function isFieldFormat(name: string): name is FieldFormat {
  return fieldFormats.has(name)
}
