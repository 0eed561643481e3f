import type { Command } from 'commander'
import { commandGroup } from '../commandGroup'
import { addOutputOptions } from '../validateOutputOptions'
import type { PoliciesValidateOptions } from './policiesValidate'

/** `rampart policies validate <files or globs...>` */
export function registerPoliciesValidate(program: Command): void {
  const command = commandGroup(
    program,
    'policies',
    'Work with policies: the rules the evaluator decides with.',
  )
    .command('validate')
    .description(
      'Validate policy files (an array of policies) and preset files against their schemas. Exits 0 when ' +
        'valid, 1 when a file has errors, 2 on a usage error or an unreadable file.',
    )
    .argument(
      '<files...>',
      'policy or preset JSON files, or globs (quote globs so the shell leaves them alone)',
    )
  addOutputOptions(command)
  command.action(async (files: string[], options: PoliciesValidateOptions) => {
    // Loaded when the command runs: the other commands need not load the decoder, the evaluator and viem.
    process.exitCode = await (await import('./policiesValidate')).runPoliciesValidate(files, options)
  })
}
