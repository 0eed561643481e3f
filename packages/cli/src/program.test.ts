import { describe, expect, it } from 'vitest'
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
})
