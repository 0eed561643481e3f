import type { Policy } from '../src'

/** Writes a policy inline in a test. */
export function policy(id: string, effect: 'permit' | 'forbid', when: unknown[]): Policy {
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  return { id, then: effect, when: when as Policy['when'] }
}
