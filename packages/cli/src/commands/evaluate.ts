import { decodeRequest } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import {
  actionForMethod,
  createEvaluator,
  type Decision,
  type EvaluationRequest,
  EvaluatorError,
  type Policy,
} from '@rampart/evaluator'
import type { Command } from 'commander'
import { EXIT } from '../exitCodes'
import { formatIssues } from '../formatIssues'
import { readJsonInput } from '../readJsonInput'
import { validateEntityFile } from '../validateEntityFile'
import { wholeNumber } from '../wholeNumber'
import { validatePolicyFile } from './policiesValidate'

interface EvaluateOptions {
  entities: string
  policies: string
  preset?: string[]
  principal?: string
  resource?: string
  approval?: string[]
  now?: string
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The accounts a request signs with: the organization account at the intent's sender address and chain; for a
 * signature no chain binds (chain 0: a personal message, typed data without a chainId), every account at that
 * address, on any chain, since the signature is valid for each, as the gateway decides it.
 */
function senderAccounts(entities: Entities, chainId: number, from: string | undefined): string[] {
  if (!from) return []
  const address = from.toLowerCase()
  const accounts = entities.accounts.filter(
    (account) =>
      account.address.toLowerCase() === address &&
      (chainId === 0 || (account.chainId ?? chainId) === chainId),
  )
  return [...new Set(accounts.map((account) => account.id))]
}

/** The principal when none is given: the one user the accounts are assigned to, if there is exactly one. */
function assignedUser(entities: Entities, accountIds: readonly string[]): string | undefined {
  const accounts = new Set(accountIds.map((id) => id.toLowerCase()))
  const users = new Set(
    entities.userAccounts
      .filter((link) => accounts.has(link.accountId.toLowerCase()))
      .map((link) => link.userId),
  )
  return users.size === 1 ? [...users][0] : undefined
}

/**
 * Validates the entities file (a whole organization: all ten collections) and the policy file before anything
 * reads them, and prints each issue at its file:line:col, as `rampart entities validate` and `rampart policies
 * validate` do. Returns the exit code when a file is refused; standard input is left to the evaluator's checks.
 */
async function checkFiles(options: EvaluateOptions): Promise<number | undefined> {
  const results = []
  if (options.entities !== '-') results.push(await validateEntityFile(options.entities, { kind: 'full' }))
  if (options.policies !== '-') results.push(await validatePolicyFile(options.policies))
  const issues = results.flatMap((result) => result.issues)
  if (!issues.some((issue) => issue.severity === 'error')) return undefined
  process.stderr.write(formatIssues(issues, 'text'))
  return results.some((result) => result.unreadable) ? EXIT.usage : EXIT.invalid
}

/**
 * Decodes one signing request (a JSON-RPC request, or an /evaluate body `{request, protocolPresets}`), decides it
 * with the policies, and prints the decision. Exits 0 on Permit, 4 on Confirm, 3 on Forbid, 1 when the entities or
 * policies are invalid, 2 on a usage error.
 */
export async function runEvaluate(input: string, options: EvaluateOptions): Promise<number> {
  const refused = await checkFiles(options)
  if (refused !== undefined) return refused
  let entities: Entities
  let policies: Policy[]
  let body: unknown
  try {
    entities = (await readJsonInput(options.entities, 'entities')) as Entities
    policies = (await readJsonInput(options.policies, 'policies')) as Policy[]
    body = await readJsonInput(input, 'request')
  } catch (error) {
    return fail((error as Error).message)
  }
  let evaluator: Awaited<ReturnType<typeof createEvaluator>>
  try {
    evaluator = await createEvaluator({ entities, policies })
  } catch (error) {
    if (!(error instanceof EvaluatorError)) throw error
    process.stderr.write(`rampart: ${error.message}\n`)
    for (const issue of error.details.issues)
      process.stderr.write(`  ${issue.path || '/'}  ${issue.code}  ${issue.message}\n`)
    return EXIT.invalid
  }
  const rpc = isRecord(body) && !('method' in body) && 'request' in body ? body.request : body
  const bodyPresets =
    isRecord(body) && Array.isArray(body.protocolPresets) ? (body.protocolPresets as string[]) : []
  const presets = [...new Set([...(options.preset ?? []), ...bodyPresets])]

  const resolution = decodeRequest(rpc, { entities })
  const intent = resolution.intent as EvaluationRequest['intent'] & { from?: string }
  const senders = options.resource
    ? [options.resource]
    : senderAccounts(entities, intent?.chainId ?? 1, intent?.from)
  const principal = options.principal ?? assignedUser(entities, senders)
  if (!principal) {
    return fail('no --principal given, and the signing account is not assigned to exactly one user')
  }
  let now: number | undefined
  if (options.now !== undefined) {
    now = wholeNumber(options.now)
    if (now === undefined) return fail('--now must be unix seconds (decimal digits)')
  }

  // An undecodable request or an unknown method still goes to the evaluator, which refuses it (fail closed).
  // Decided for each account it signs with, the least permitted decision wins: Forbid, then Confirm.
  const decisions = (senders.length > 0 ? senders : [undefined]).map((resource) =>
    evaluator.evaluate(
      {
        action: actionForMethod(resolution.action),
        principal,
        ...(resource ? { resource } : {}),
        intent,
        ...(options.approval ? { approvals: options.approval } : {}),
        ...(now !== undefined ? { now } : {}),
      } as EvaluationRequest,
      { presets },
    ),
  )
  const decision =
    decisions.find((d) => d.decision === 'Forbid') ??
    decisions.find((d) => d.decision === 'Confirm') ??
    decisions[0]!
  process.stdout.write(`${JSON.stringify({ ...decision, intent }, null, 2)}\n`)
  return EXIT_FOR[decision.decision]
}

const collect = (value: string, previous: string[] = []) => [...previous, value]

/** `rampart evaluate --entities <file> --policies <file> [--preset id...] <request.json | ->` */
export function registerEvaluate(program: Command): void {
  program
    .command('evaluate')
    .description(
      'Decode a signing request and decide it with policies. Prints the decision; exits 0 on Permit, ' +
        '4 on Confirm (approvals missing), 3 on Forbid, 1 on invalid entities or policies, 2 on a usage error.',
    )
    .argument('<request>', 'a JSON-RPC request, or an /evaluate body {request, protocolPresets}; - for stdin')
    .requiredOption('--entities <file>', 'the Entities document of the organization')
    .requiredOption('--policies <file>', 'the policy file (an array of policies)')
    .option('--preset <id>', 'also evaluate against this protocol preset (repeatable)', collect)
    .option(
      '--principal <id>',
      "user id or credential id asking; defaults to the signing account's one assigned user",
    )
    .option('--resource <id>', 'account id signing; defaults to the account at the request sender address')
    .option('--approval <id>', 'a user or credential id that approved the request (repeatable)', collect)
    .option('--now <seconds>', 'evaluation time for limit windows, unix seconds')
    .action(async (input: string, options: EvaluateOptions) => {
      process.exitCode = await runEvaluate(input, options)
    })
}
