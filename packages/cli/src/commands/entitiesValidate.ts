import { type EntityKind, entityKindNames } from '@rampart/entities'
import { type Command, InvalidArgumentError, Option } from 'commander'
import { commandGroup } from '../commandGroup'
import { validateEntityFile } from '../validateEntityFile'
import { type ValidateOutputOptions, validateFiles } from '../validateFiles'
import { addOutputOptions } from '../validateOutputOptions'
import { wholeNumber } from '../wholeNumber'

interface EntitiesValidateOptions extends ValidateOutputOptions {
  kind?: EntityKind
  maxBytes?: number
}

function parseByteCount(value: string): number {
  const bytes = wholeNumber(value)
  if (bytes === undefined || bytes < 1) throw new InvalidArgumentError('must be a positive whole number')
  return bytes
}

/** Validates each file and prints the issues; returns the exit code. */
export function runEntitiesValidate(args: string[], options: EntitiesValidateOptions): Promise<number> {
  return validateFiles(args, options, (file) =>
    validateEntityFile(file, { kind: options.kind, maxBytes: options.maxBytes }),
  )
}

/** `rampart entities validate <files or globs...>` */
export function registerEntitiesValidate(program: Command): void {
  const command = commandGroup(
    program,
    'entities',
    'Work with Entities documents: the organization described as data.',
  )
    .command('validate')
    .description(
      'Validate Entities documents against their schema and the rules between entities. Exits 0 when valid ' +
        '(warnings allowed), 1 when a file has errors, 2 on a usage error or an unreadable file.',
    )
    .argument('<files...>', 'Entities JSON files or globs (quote globs so the shell leaves them alone)')
  addOutputOptions(command)
  command
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
