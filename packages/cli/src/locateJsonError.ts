import type { EntitiesJsonError } from '@rampart/entities'
import { locateJsonPointers, locateOffset, type SourceLocation } from './sourceLocation'

/**
 * Where an error of the JSON reader belongs in the text: its own line and column (a syntax error), the start for a
 * text nested too deeply (whose pointer may run past what the locator should walk), else the value its JSON Pointer
 * names (a forbidden or repeated member name).
 */
export function locateJsonError(text: string, error: EntitiesJsonError): SourceLocation {
  const { line, column } = error.details
  if (line !== undefined && column !== undefined) return { line, column }
  if (error.code === 'json.too-deep' || error.path === '') return locateOffset(text, 0)
  return locateJsonPointers(text, [error.path])[0]!
}
