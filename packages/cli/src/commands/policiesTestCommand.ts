import { type Command, Option } from 'commander'
import { commandGroup } from '../commandGroup'
import type { PoliciesTestOptions } from './policiesTest'

// The formats, not imported from the runner's module: registering the command must not load it.
const FORMATS = ['text', 'json', 'github', 'junit'] as const

/** `rampart policies test <files or globs...>` */
export function registerPoliciesTest(program: Command): void {
  commandGroup(program, 'policies', 'Work with policies: the rules the evaluator decides with.')
    .command('test')
    .description(
      'Run policy test files (policyTest.schema.json): each case a request, who asks, approvals, history and ' +
        'time, and the decision expected. Exits 0 when every case passes, 1 when one fails, 2 on a usage ' +
        'error or a malformed test file.',
    )
    .argument('<files...>', 'policy test JSON files, or globs (quote globs so the shell leaves them alone)')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('text'))
    .action(async (files: string[], options: PoliciesTestOptions) => {
      // Loaded when the command runs: the other commands need not load the decoder, the evaluator and viem.
      process.exitCode = await (await import('./policiesTest')).runPoliciesTest(files, options)
    })
}
