import { defineErrors, type ErrorRegistry } from '@rampart/entities'

/**
 * The errors the CLI raises itself, dotted as the issue codes it prints (`file.unreadable`, `json.syntax`, ...).
 * They end in a message on standard error and exit code 2; none is an HTTP answer.
 */
export const cliErrors = {
  'cli.no-match': { meaning: 'A glob argument matches no file (details.pattern).' },
  'cli.invalid-input': {
    meaning:
      'An input (request, entities, policies, history) cannot be read, is not JSON, or is not what the command takes; the message names the file, and the line and column or the JSON Pointer.',
  },
} satisfies ErrorRegistry

export type CliErrorCode = keyof typeof cliErrors

/** An input the command cannot use: `new CliError('cli.invalid-input', message)`. */
export class CliError extends defineErrors('CliError', cliErrors)() {}
