import type { Command } from 'commander'
import type { EvaluateOptions } from './evaluate'

const collect = (value: string, previous: string[] = []) => [...previous, value]

/** `rampart evaluate --entities <file> --policies <file> [--preset id...] <request.json | ->` */
export function registerEvaluate(program: Command): void {
  program
    .command('evaluate')
    .description(
      'Decode a signing request and decide it with policies. Prints the decision; exits 0 on Permit, ' +
        '4 on Confirm (approvals missing), 3 on Forbid, 1 on invalid entities or policies, 2 on a usage error.',
    )
    .argument(
      '<request>',
      'a JSON-RPC request, an /evaluate body {request, protocolPresets}, or {action: "signRaw" | ' +
        '"grantPermission", payloads, algorithm, signer, permissions}; - for stdin',
    )
    .requiredOption('--entities <file>', 'the Entities document of the organization')
    .requiredOption('--policies <file>', 'the policy file (an array of policies)')
    .option('--preset <id>', 'also evaluate against this protocol preset (repeatable)', collect)
    .option(
      '--principal <id>',
      "user id or credential id asking; defaults to the signing account's one assigned user",
    )
    .option('--resource <id>', "account id signing; defaults to the accounts of the request's signer")
    .option('--approval <id>', 'a user or credential id that approved the request (repeatable)', collect)
    .option('--now <seconds>', 'evaluation time for limit windows, unix seconds')
    .option(
      '--chain-id <id>',
      'the chain of a request that names none (a personal message, a user operation); mainnet by default for user operations',
    )
    .option('--history <file>', 'past transfers that spending and rate limits count (a JSON array)')
    .action(async (input: string, options: EvaluateOptions) => {
      // Loaded when the command runs: the other commands need not load the decoder, the evaluator and viem.
      // Loaded when the command runs: the other commands need not load the decoder, the evaluator and viem.
      process.exitCode = await (await import('./evaluate')).runEvaluate(input, options)
    })
}
