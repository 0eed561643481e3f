#!/usr/bin/env node
import { CommanderError } from 'commander'
import { EXIT } from './exitCodes'
import { createProgram } from './program'

try {
  await createProgram().parseAsync(process.argv)
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version end through here with exit code 0; every other commander error is a usage error.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage
  } else {
    process.stderr.write(`rampart: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = EXIT.usage
  }
}
