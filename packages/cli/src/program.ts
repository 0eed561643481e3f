import { Command } from 'commander'
import packageJson from '../package.json'
import { registerDecode } from './commands/decodeCommand'
import { registerEntitiesValidate } from './commands/entitiesValidate'
import { registerEvaluate } from './commands/evaluateCommand'
import { registerLogVerify } from './commands/logVerifyCommand'
import { registerPoliciesReplay } from './commands/policiesReplayCommand'
import { registerPoliciesTest } from './commands/policiesTestCommand'
import { registerPoliciesValidate } from './commands/policiesValidateCommand'
import { EXIT } from './exitCodes'

export { EXIT }

/** Builds the `rampart` program. Each command family registers itself from its own file under commands/. */
export function createProgram(): Command {
  const program = new Command('rampart')
    .version(packageJson.version, '-V, --version', 'print the version of rampart')
    .description(
      'Describe a custody organization as data, decode signing requests, decide on them with policies.',
    )
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) })
  registerEntitiesValidate(program)
  registerDecode(program)
  registerEvaluate(program)
  registerPoliciesValidate(program)
  registerPoliciesTest(program)
  registerLogVerify(program)
  registerPoliciesReplay(program)
  return program
}
