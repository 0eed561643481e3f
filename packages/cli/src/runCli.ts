import { CommanderError } from 'commander'
import { EXIT } from './exitCodes'
import { createProgram } from './program'

/**
 * Runs the `rampart` command line and returns its exit code: the command's own (`process.exitCode`), 0 after
 * --help and --version, 2 on a usage error. `argv` is as Node gives it (`from: 'node'`) or the arguments alone.
 */
export async function runCli(argv: readonly string[], from: 'node' | 'user' = 'node'): Promise<number> {
  process.exitCode = undefined
  try {
    await createProgram().parseAsync([...argv], { from })
    return Number(process.exitCode ?? EXIT.ok)
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage
    process.stderr.write(`rampart: ${error instanceof Error ? error.message : String(error)}\n`)
    return EXIT.usage
  }
}
