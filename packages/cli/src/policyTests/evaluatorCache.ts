import { dirname, resolve } from 'node:path'
import type { EntityIndex } from '@rampart/entities'
import {
  BUILTIN_PRESETS,
  createEvaluator,
  type Evaluator,
  EvaluatorError,
  type Policy,
  type Preset,
  validatePolicies,
} from '@rampart/evaluator'
import { validatePolicyFile } from '../commands/policiesValidate'
import type { LocatedIssue } from '../locatedIssue'
import { readJsonInput } from '../readJsonInput'
import { locateJsonPointers } from '../sourceLocation'
import { validateEntityFile } from '../validateEntityFile'
import type { PolicyTestFile } from './readPolicyTestFile'

/** An evaluator for a test file's organization, policies and presets, or the issues that keep it from existing. */
export type Setup = { evaluator: Evaluator } | { issues: LocatedIssue[] }

const located = (file: string, code: string, message: string): LocatedIssue => ({
  file,
  path: '',
  line: 1,
  column: 1,
  code,
  severity: 'error',
  message,
})

/**
 * Builds the evaluators of test files, each once: files naming the same entities, policy file and presets share one
 * evaluator (one validation, one load of the policy library), and an entities or policy file is read and validated
 * once however many test files name it. Invalid inputs are reported at their own file:line:col, inline policies at
 * the test file's.
 */
export class EvaluatorCache {
  private readonly entities = new Map<string, Promise<{ index: EntityIndex } | { issues: LocatedIssue[] }>>()
  private readonly documents = new Map<string, Promise<{ doc: unknown } | { issues: LocatedIssue[] }>>()
  private readonly evaluators = new Map<string, Promise<Setup>>()

  setup({ file, test, text }: PolicyTestFile): Promise<Setup> {
    const base = dirname(file)
    const entitiesPath = resolve(base, test.entities)
    const policiesKey = typeof test.policies === 'string' ? resolve(base, test.policies) : `${file}#/policies`
    const presetPaths = (test.presets ?? []).map((preset) => resolve(base, preset))
    const key = JSON.stringify([entitiesPath, policiesKey, presetPaths])
    let setup = this.evaluators.get(key)
    if (!setup) {
      setup = this.build(entitiesPath, test.policies, base, presetPaths, { file, text })
      // Inline policies belong to their file alone: no other file shares the key.
      this.evaluators.set(key, setup)
    }
    return setup
  }

  private async build(
    entitiesPath: string,
    policies: string | object[],
    base: string,
    presetPaths: string[],
    source: { file: string; text: string },
  ): Promise<Setup> {
    const issues: LocatedIssue[] = []
    const entities = await this.entitiesOf(entitiesPath)
    if ('issues' in entities) issues.push(...entities.issues)
    let policySet: unknown
    if (typeof policies === 'string') {
      const read = await this.documentOf(resolve(base, policies))
      if ('issues' in read) issues.push(...read.issues)
      else policySet = read.doc
    } else {
      issues.push(...inlinePolicyIssues(policies, source))
      policySet = policies
    }
    const presets: Preset[] = [...BUILTIN_PRESETS]
    for (const path of presetPaths) {
      const read = await this.documentOf(path)
      if ('issues' in read) issues.push(...read.issues)
      else presets.push(read.doc as Preset)
    }
    if (issues.length > 0 || 'issues' in entities) return { issues }
    try {
      return {
        evaluator: await createEvaluator({
          entities: entities.index,
          policies: policySet as Policy[],
          presets,
        }),
      }
    } catch (error) {
      // Each input was validated on its own above; what is left is between them (a preset id used twice).
      if (!(error instanceof EvaluatorError)) throw error
      return { issues: [located(source.file, `evaluator.${error.code}`, error.message)] }
    }
  }

  private entitiesOf(path: string): Promise<{ index: EntityIndex } | { issues: LocatedIssue[] }> {
    let result = this.entities.get(path)
    if (!result) {
      result = validateEntityFile(path, { kind: 'full', index: true }).then(({ issues, index }) => {
        const errors = issues.filter((issue) => issue.severity === 'error')
        return index && errors.length === 0 ? { index } : { issues: errors }
      })
      this.entities.set(path, result)
    }
    return result
  }

  /** A policy or preset file, validated (with its issues located) and then read. */
  private documentOf(path: string): Promise<{ doc: unknown } | { issues: LocatedIssue[] }> {
    let result = this.documents.get(path)
    if (!result) {
      result = validatePolicyFile(path).then(async ({ issues }) => {
        // The static checks' warnings are `policies validate`'s business: a policy test runs the set as it is.
        const errors = issues.filter(({ severity }) => severity !== 'warning')
        if (errors.length > 0) return { issues: errors }
        try {
          return { doc: await readJsonInput(path, 'policies') }
        } catch (error) {
          return { issues: [located(path, 'file.unreadable', (error as Error).message)] }
        }
      })
      this.documents.set(path, result)
    }
    return result
  }
}

/** The issues of policies written in the test file itself, at their line and column there. */
function inlinePolicyIssues(
  policies: object[],
  { file, text }: { file: string; text: string },
): LocatedIssue[] {
  const { issues } = validatePolicies(policies)
  if (issues.length === 0) return []
  const pointers = issues.map(({ path }) => `/policies${path}`)
  const locations = locateJsonPointers(text, pointers)
  return issues.map(({ code, message }, k) => ({
    file,
    path: pointers[k]!,
    ...locations[k]!,
    code,
    severity: 'error' as const,
    message,
  }))
}
