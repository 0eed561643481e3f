import type { Command } from 'commander'

/**
 * The parent command of a family (`rampart entities ...`, `rampart policies ...`), created by the first
 * subcommand that needs it, so each subcommand registers from its own file.
 */
export function commandGroup(program: Command, name: string, description: string): Command {
  return (
    program.commands.find((command) => command.name() === name) ??
    program.command(name).description(description)
  )
}
