import { createEvaluator, EvaluatorError, type Policy, Replay } from '@rampart/evaluator'
import { CliError } from '../cliErrors'
import { EXIT } from '../exitCodes'
import { formatIssues } from '../formatIssues'
import { readJsonInput } from '../readJsonInput'
import { validateEntityFile } from '../validateEntityFile'
import { readDecisionLog } from './policiesReplayLog'
import { formatReplayReport, type ReplayFormat } from './policiesReplayReport'
import { validatePolicyFile } from './policiesValidate'

export interface PoliciesReplayOptions {
  log: string
  entities: string
  policies: string
  format: ReplayFormat
  allowWidening?: boolean
  examples: number
}

/**
 * Decides every decision of a decision log again under candidate policies (and entities), in the log's order,
 * each with the history it had, and prints which decisions flip. Exits 1 when the candidate widens a decision
 * (a request it would permit, or send for approval, that was refused; one it would permit that waited for
 * approvals) unless --allow-widening, 0 otherwise, 2 when an input cannot be read or is invalid.
 */
export async function runPoliciesReplay(options: PoliciesReplayOptions): Promise<number> {
  const entities = await validateEntityFile(options.entities, { kind: 'full', index: true })
  const policyIssues = (await validatePolicyFile(options.policies)).issues
  const issues = [...entities.issues.filter((issue) => issue.severity === 'error'), ...policyIssues]
  if (issues.length > 0 || !entities.index) {
    process.stderr.write(formatIssues(issues, 'text'))
    return EXIT.usage
  }
  try {
    const policies = (await readJsonInput(options.policies, 'policies')) as Policy[]
    const evaluator = await createEvaluator({ entities: entities.index, policies })
    if (evaluator.unavailable !== undefined) {
      process.stderr.write(`rampart: the policy library cannot decide: ${evaluator.unavailable}\n`)
      return EXIT.usage
    }
    const log = await readDecisionLog(options.log, entities.index)
    const replay = new Replay({ evaluator, policies }, { examplesPerGroup: options.examples })
    for (const record of log.records) replay.add(record)
    const report = replay.report()
    process.stdout.write(
      formatReplayReport(report, options.format, {
        log: options.log,
        policies: options.policies,
        skipped: log.skipped,
      }),
    )
    if (report.widened > 0 && !options.allowWidening) {
      process.stderr.write(
        `rampart: the candidate widens ${report.widened} decision(s): requests refused or held for approval that it ` +
          'would let through. Pass --allow-widening to accept that.\n',
      )
      return EXIT.invalid
    }
    return EXIT.ok
  } catch (error) {
    if (error instanceof CliError || error instanceof EvaluatorError) {
      process.stderr.write(`rampart: ${error.message}\n`)
      return EXIT.usage
    }
    throw error
  }
}
