import { loadEntities } from '@rampart/entities'
import signedPolicySetSchema from '@rampart/schemas/governance/signedPolicySet.schema.json'
import type { ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import type { EvaluatorIssue } from '../errors'
import type { Preset } from '../generated/preset'
import type { SignedPolicySet } from '../generated/signedPolicySet'
import { issuesFromAjv } from '../schemaValidators'
import { validatePolicies } from '../validatePolicies'

let validateEnvelope: ValidateFunction | undefined

/** The envelope's own schema (its policies and entities are checked by their own validators after it). */
function envelopeValidator(): ValidateFunction {
  validateEnvelope ??= new Ajv2020({ allErrors: true, strict: false }).compile(signedPolicySetSchema)
  return validateEnvelope
}

/**
 * The issues of a signed policy set's shape and content, with JSON Pointers into the set: the envelope's schema,
 * the policies (as a policy file), the entities (a full document) and the preset ids (known to the catalogue).
 */
export function validateSignedPolicySet(
  candidate: unknown,
  presetCatalogue: readonly Preset[],
): { set?: SignedPolicySet; issues: EvaluatorIssue[] } {
  const validate = envelopeValidator()
  if (!validate(candidate)) return { issues: issuesFromAjv(validate.errors) }
  const set = candidate as SignedPolicySet
  const issues: EvaluatorIssue[] = []
  for (const issue of validatePolicies(set.content.policies).issues)
    issues.push({ ...issue, path: `/content/policies${issue.path}` })
  const entities = loadEntities(set.content.entities, { kind: 'full' })
  for (const issue of entities.issues) {
    if (issue.severity === 'error')
      issues.push({ code: issue.code, path: `/content/entities${issue.path}`, message: issue.message })
  }
  const known = new Set(presetCatalogue.map((preset) => preset.id))
  set.content.presets?.forEach((id, at) => {
    if (!known.has(id))
      issues.push({
        code: 'unknown-preset',
        path: `/content/presets/${at}`,
        message: 'is not a known protocol preset',
      })
  })
  return { set, issues }
}
