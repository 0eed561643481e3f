import { type Command, InvalidArgumentError, Option } from 'commander'
import { commandGroup } from '../commandGroup'
import { wholeNumber } from '../wholeNumber'
import type { PoliciesReplayOptions } from './policiesReplay'

function exampleCount(value: string): number {
  const count = wholeNumber(value)
  if (count === undefined) throw new InvalidArgumentError('must be a whole number')
  return count
}

/** `rampart policies replay --log <file> --entities <file> --policies <candidate>` */
export function registerPoliciesReplay(program: Command): void {
  commandGroup(program, 'policies', 'Work with policies: the rules the evaluator decides with.')
    .command('replay')
    .description(
      'Decide the decisions of a decision log (JSON Lines, as the gateway exports it) again under candidate ' +
        'policies, each with the history it had, and report which flip (Permit → Forbid, Forbid → Permit, ' +
        'Confirm ↔ …) grouped by deciding policy. Exits 0 when nothing widens, 1 when a request refused or held ' +
        'for approval would be let through (unless --allow-widening), 2 on a usage error or an unreadable input.',
    )
    .requiredOption('--log <file>', 'the decision log, JSON Lines')
    .requiredOption('--entities <file>', 'the entities to decide with (the candidate organization)')
    .requiredOption('--policies <file>', 'the candidate policies')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--allow-widening', 'exit 0 even when the candidate widens decisions')
    .option('--examples <count>', 'examples shown per group of flips', exampleCount, 5)
    .action(async (options: PoliciesReplayOptions) => {
      // Loaded when the command runs: the other commands need not load the evaluator.
      process.exitCode = await (await import('./policiesReplay')).runPoliciesReplay(options)
    })
}
