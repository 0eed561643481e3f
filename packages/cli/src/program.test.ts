import { describe, expect, it } from 'vitest'
import packageJson from '../package.json'
import { runRampartInProcess } from '../test/runRampart'
import { commandGroup } from './commandGroup'
import { createProgram } from './program'

describe('createProgram', () => {
  it('registers entities validate under one entities command', () => {
    const program = createProgram()
    const entities = program.commands.filter((command) => command.name() === 'entities')
    expect(entities).toHaveLength(1)
    expect(entities[0]!.commands.map((command) => command.name())).toContain('validate')
    expect(commandGroup(program, 'entities', 'ignored')).toBe(entities[0])
  })

  it('prints its version with --version and -V, and exits 0', async () => {
    for (const flag of ['--version', '-V']) {
      const { code, stdout } = await runRampartInProcess([flag])
      expect(code).toBe(0)
      expect(stdout.trim()).toBe(packageJson.version)
    }
  })
})
