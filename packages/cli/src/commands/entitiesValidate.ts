import { type EntityKind, entityKindNames } from '@rampart/entities'
import { type Command, InvalidArgumentError, Option } from 'commander'
import { commandGroup } from '../commandGroup'
import { EXIT } from '../exitCodes'
import { expandFileArguments, FileArgumentError } from '../expandFileArguments'
import { formatIssues } from '../formatIssues'
import { type LocatedIssue, OUTPUT_FORMATS, type OutputFormat } from '../locatedIssue'
import { createProgress } from '../progress'
import { validateEntityFile } from '../validateEntityFile'

interface EntitiesValidateOptions {
  format: OutputFormat
  kind?: EntityKind
  maxBytes?: number
}

function parseByteCount(value: string): number {
  const bytes = Number(value)
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new InvalidArgumentError('must be a positive whole number')
  return bytes
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/** Validates each file and prints the issues; returns the exit code. */
export async function runEntitiesValidate(args: string[], options: EntitiesValidateOptions): Promise<number> {
  let files: string[]
  try {
    files = await expandFileArguments(args)
  } catch (error) {
    if (!(error instanceof FileArgumentError)) throw error
    process.stderr.write(`rampart: ${error.message}\n`)
    return EXIT.usage
  }
  const progress = createProgress(files.length)
  const issues: LocatedIssue[] = []
  let unreadable = 0
  let invalid = 0
  try {
    for (const file of files) {
      progress.tick(file)
      const result = await validateEntityFile(file, { kind: options.kind, maxBytes: options.maxBytes })
      issues.push(...result.issues)
      if (result.unreadable) unreadable++
      else if (result.issues.some((issue) => issue.severity === 'error')) invalid++
    }
  } finally {
    progress.stop()
  }
  if (options.format !== 'text' || issues.length > 0)
    process.stdout.write(formatIssues(issues, options.format))
  if (options.format === 'text') {
    const errors = issues.filter((issue) => issue.severity === 'error').length
    const warnings = issues.length - errors
    process.stderr.write(
      `${plural(files.length, 'file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}` +
        `${invalid + unreadable > 0 ? ` in ${plural(invalid + unreadable, 'file')}` : ''}\n`,
    )
  }
  if (unreadable > 0) return EXIT.usage
  return invalid > 0 ? EXIT.invalid : EXIT.ok
}

/** `rampart entities validate <files or globs...>` */
export function registerEntitiesValidate(program: Command): void {
  commandGroup(program, 'entities', 'Work with Entities documents: the organization described as data.')
    .command('validate')
    .description(
      'Validate Entities documents against their schema and the rules between entities. Exits 0 when valid ' +
        '(warnings allowed), 1 when a file has errors, 2 on a usage error or an unreadable file.',
    )
    .argument('<files...>', 'Entities JSON files or globs (quote globs so the shell leaves them alone)')
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('text'))
    .addOption(
      new Option(
        '--kind <kind>',
        'validate partial documents of this kind (detected from each file otherwise)',
      ).choices(entityKindNames),
    )
    .addOption(
      new Option('--max-bytes <bytes>', 'refuse files larger than this (default 256 MiB)').argParser(
        parseByteCount,
      ),
    )
    .action(async (files: string[], options: EntitiesValidateOptions) => {
      process.exitCode = await runEntitiesValidate(files, options)
    })
}
