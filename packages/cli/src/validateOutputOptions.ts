import { type Command, InvalidArgumentError, Option } from 'commander'
import { OUTPUT_FORMATS } from './locatedIssue'
import { wholeNumber } from './wholeNumber'

function parseWarningCount(value: string): number {
  const count = wholeNumber(value)
  if (count === undefined) throw new InvalidArgumentError('must be a whole number')
  return count
}

/** The options every `validate` command shares: --format, --quiet and --max-warnings. */
export function addOutputOptions(command: Command): Command {
  return command
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('text'))
    .option('--quiet', 'print errors only (warnings still count toward --max-warnings)')
    .addOption(
      new Option('--max-warnings <count>', 'exit 1 when there are more warnings than this').argParser(
        parseWarningCount,
      ),
    )
}
