/** Exit codes of the `rampart` command. Scripts and CI match on these, so they never change meaning. */
export const EXIT = {
  ok: 0,
  /** A validated file has errors. */
  invalid: 1,
  /** The command line is wrong, or an input file cannot be read. */
  usage: 2,
  /** `rampart evaluate`: the decision is Forbid. */
  forbid: 3,
  /** `rampart evaluate`: the decision is Confirm (approvals missing). */
  confirm: 4,
} as const
