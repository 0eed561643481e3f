import { escapePointerToken } from '@rampart/entities'
import type { ErrorObject } from 'ajv'
import type { ValidationIssue } from '../errors/gatewayError'

/**
 * Turns ajv errors into issues located by JSON Pointer. For a missing or unknown property the pointer names
 * the property itself, not its parent object, so a client can highlight the exact field.
 */
export function validationIssues(errors: readonly ErrorObject[], part?: string): ValidationIssue[] {
  return errors.map((error) => {
    let path = error.instancePath
    const params = error.params as Record<string, unknown>
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      path = `${path}/${escapePointerToken(params.missingProperty)}`
    } else if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      path = `${path}/${escapePointerToken(params.additionalProperty)}`
    }
    const message =
      error.keyword === 'additionalProperties'
        ? 'is not an allowed property'
        : (error.message ?? 'is invalid')
    return { path, message, keyword: error.keyword, ...(part === undefined ? {} : { in: part }) }
  })
}
