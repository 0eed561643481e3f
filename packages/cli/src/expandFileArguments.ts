import { defineErrors } from '@rampart/entities'
import { glob, isDynamicPattern } from 'tinyglobby'
import { cliErrors } from './cliErrors'

/** A command-line argument that names no file: `cli.no-match`, with the pattern. */
export class FileArgumentError extends defineErrors('FileArgumentError', cliErrors)<{ pattern: string }>() {}

/**
 * Turns file and glob arguments into file paths, in argument order, each once. A plain path is kept as given,
 * so a missing file is reported when it is read; a glob that matches nothing is an error, as it is a typo far
 * more often than an intent.
 */
export async function expandFileArguments(args: readonly string[], cwd = process.cwd()): Promise<string[]> {
  const files = new Set<string>()
  for (const arg of args) {
    if (!isDynamicPattern(arg)) {
      files.add(arg)
      continue
    }
    const matches = await glob(arg, { cwd, onlyFiles: true, expandDirectories: false })
    if (matches.length === 0) {
      throw new FileArgumentError('cli.no-match', `no file matches ${JSON.stringify(arg)}`, { pattern: arg })
    }
    for (const match of matches.sort()) files.add(match)
  }
  return [...files]
}
