import { glob, isDynamicPattern } from 'tinyglobby'

/** A command-line argument that names no file. */
export class FileArgumentError extends Error {
  override readonly name = 'FileArgumentError'
  readonly code = 'cli.no-match'

  constructor(
    message: string,
    readonly details: { pattern: string },
  ) {
    super(message)
  }
}

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
      throw new FileArgumentError(`no file matches ${JSON.stringify(arg)}`, { pattern: arg })
    }
    for (const match of matches.sort()) files.add(match)
  }
  return [...files]
}
