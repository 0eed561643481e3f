import { hashRequest } from '../attestation'
import type { DecisionLogEntry } from '../generated/decisionLogEntry'

/** The prevHash of a client's first entry: there is no entry before it. */
export const GENESIS_HASH = '0'.repeat(64)

/** An entry before it is sealed: everything but its own hash. */
export type UnsealedLogEntry = Omit<DecisionLogEntry, 'hash'>

/**
 * Hex SHA-256 of the canonical JSON (RFC 8785) of an entry without its `hash` member: what the entry's `hash` must
 * be, and what the next entry's `prevHash` names. A copy of the entry read back from JSON hashes alike, since the
 * canonical form depends on the values only, not on the order of their keys.
 */
export function hashLogEntry(entry: UnsealedLogEntry | DecisionLogEntry): string {
  const { hash: _own, ...rest } = entry as DecisionLogEntry
  return hashRequest(rest)
}

/** The entry with its hash. */
export function sealLogEntry(entry: UnsealedLogEntry): DecisionLogEntry {
  return { ...entry, hash: hashLogEntry(entry) }
}
