import type { Entities, EntityIndex } from '@rampart/entities'
import {
  createEvaluator,
  type Decision,
  type Evaluator,
  EvaluatorError,
  type HistoryTransfer,
  type Policy,
} from '@rampart/evaluator'
import { EXIT } from '../exitCodes'
import { formatIssues } from '../formatIssues'
import { readJsonInput } from '../readJsonInput'
import { validateEntityFile } from '../validateEntityFile'
import { wholeNumber } from '../wholeNumber'
import { decideRequest } from './decideRequest'
import { validatePolicyFile } from './policiesValidate'

export interface EvaluateOptions {
  entities: string
  policies: string
  preset?: string[]
  principal?: string
  resource?: string
  approval?: string[]
  now?: string
  chainId?: string
  history?: string
}

const EXIT_FOR: Record<Decision['decision'], number> = {
  Permit: EXIT.ok,
  Forbid: EXIT.forbid,
  Confirm: EXIT.confirm,
}

function fail(message: string): number {
  process.stderr.write(`rampart: ${message}\n`)
  return EXIT.usage
}

/**
 * Reads, validates and indexes the entities file (a whole organization: all ten collections) and validates the
 * policy file, printing each issue at its file:line:col as `rampart entities validate` and `rampart policies
 * validate` do. The entities are read and validated once: their index goes to the decoder and the evaluator.
 * Returns the exit code when a file is refused; standard input is left to the evaluator's checks.
 */
async function checkFiles(options: EvaluateOptions): Promise<{ exit: number } | { index?: EntityIndex }> {
  const entities =
    options.entities === '-'
      ? undefined
      : await validateEntityFile(options.entities, { kind: 'full', index: true })
  const policies = options.policies === '-' ? undefined : await validatePolicyFile(options.policies)
  const results = [entities, policies].filter((result) => result !== undefined)
  const issues = results.flatMap((result) => result.issues)
  if (!issues.some((issue) => issue.severity === 'error')) return { index: entities?.index }
  process.stderr.write(formatIssues(issues, 'text'))
  return { exit: results.some((result) => result.unreadable) ? EXIT.usage : EXIT.invalid }
}

/**
 * Decodes one signing request (a JSON-RPC request, an /evaluate body `{request, protocolPresets}`, or a signRaw or
 * grantPermission request), decides it with the policies by the library's one rule (`Evaluator.decide`), and
 * prints the decision. Exits 0 on Permit, 4 on Confirm, 3 on Forbid, 1 when the entities or policies are invalid,
 * 2 on a usage error.
 */
export async function runEvaluate(file: string, options: EvaluateOptions): Promise<number> {
  const checked = await checkFiles(options)
  if ('exit' in checked) return checked.exit
  let now: number | undefined
  if (options.now !== undefined) {
    now = wholeNumber(options.now)
    if (now === undefined) return fail('--now must be unix seconds (decimal digits)')
  }
  let chainId: number | undefined
  if (options.chainId !== undefined) {
    chainId = wholeNumber(options.chainId)
    if (chainId === undefined) return fail('--chain-id must be an EIP-155 chain id (decimal digits)')
  }
  let entities: Entities | EntityIndex
  let policies: Policy[]
  let body: unknown
  let history: HistoryTransfer[] | undefined
  try {
    entities = checked.index ?? ((await readJsonInput(options.entities, 'entities')) as Entities)
    policies = (await readJsonInput(options.policies, 'policies')) as Policy[]
    body = await readJsonInput(file, 'request')
    if (options.history !== undefined) {
      history = (await readJsonInput(options.history, 'history')) as HistoryTransfer[]
    }
  } catch (error) {
    return fail((error as Error).message)
  }
  let evaluator: Evaluator
  try {
    evaluator = await createEvaluator({ entities, policies })
  } catch (error) {
    if (!(error instanceof EvaluatorError)) throw error
    process.stderr.write(`rampart: ${error.message}\n`)
    for (const issue of error.details.issues)
      process.stderr.write(`  ${issue.path || '/'}  ${issue.code}  ${issue.message}\n`)
    return EXIT.invalid
  }
  const outcome = decideRequest(evaluator, body, {
    principal: options.principal,
    resource: options.resource,
    approvals: options.approval,
    history,
    now,
    chainId,
    presets: options.preset,
  })
  if ('error' in outcome) {
    if (outcome.part === 'principal') return fail(outcome.error.replace('principal', '--principal'))
    return fail(`request ${file}${outcome.error.startsWith('/') ? ' ' : ': '}${outcome.error}`)
  }
  const { decision, intent } = outcome
  process.stdout.write(`${JSON.stringify({ ...decision, ...(intent ? { intent } : {}) }, null, 2)}\n`)
  return EXIT_FOR[decision.decision]
}
