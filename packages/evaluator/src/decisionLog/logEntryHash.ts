import * as crypto from 'node:crypto'
import { hashRequest } from '../attestation'
import { canonicalJson } from '../canonicalJson'
import type { DecisionLogEntry } from '../generated/decisionLogEntry'
import { writeCanonicalJson } from '../hashInSteps'
import { runToEnd, type Steps } from '../inSlices'

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

/**
 * The entry with its hash, and the canonical JSON of the sealed entry: what a log stores. Each member is serialized
 * once for both texts, the one hashed (without `hash`) and the one stored (with it), where sealLogEntry then
 * canonicalJson would serialize the entry twice: an entities.changed entry carries a whole organization, tens of
 * megabytes at 100,000 accounts. The canonical JSON of an object is its members' in sorted key order, so the texts
 * are the same.
 */
export function sealLogEntryText(entry: UnsealedLogEntry): { entry: DecisionLogEntry; text: string } {
  const members = new Map<string, string[]>()
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'hash' || value === undefined) continue
    members.set(key, [`${JSON.stringify(key)}:${canonicalJson(value)}`])
  }
  return runToEnd(sealed(entry, members))
}

/**
 * sealLogEntryText a step at a time (run it with runInSlices): the same entry and text. An entry that carries an
 * organization of 100,000 accounts is serialized a few thousand items at a time and hashed as it goes, so that only
 * joining its text into one string is done in one piece. A decision's entry is sealed faster at once (half the time).
 */
export function* sealLogEntryTextInSteps(
  entry: UnsealedLogEntry,
): Steps<{ entry: DecisionLogEntry; text: string }> {
  const members = new Map<string, string[]>()
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'hash' || value === undefined) continue
    const pieces = [`${JSON.stringify(key)}:`]
    yield* writeCanonicalJson(value, (piece) => pieces.push(piece))
    members.set(key, pieces)
  }
  return yield* sealed(entry, members)
}

/** The entry sealed from its members' canonical JSON (each member's text in pieces), hashed a piece a step. */
function* sealed(
  entry: UnsealedLogEntry,
  members: Map<string, string[]>,
): Steps<{ entry: DecisionLogEntry; text: string }> {
  const hash = crypto.createHash('sha256')
  let separator = '{'
  for (const key of [...members.keys()].sort()) {
    hash.update(separator)
    separator = ','
    for (const piece of members.get(key)!) {
      hash.update(piece)
      yield
    }
  }
  hash.update('}')
  const digest = hash.digest('hex')
  members.set('hash', [`"hash":${JSON.stringify(digest)}`])
  const text = `{${[...members.keys()]
    .sort()
    .map((key) => members.get(key)!.join(''))
    .join(',')}}`
  return { entry: { ...entry, hash: digest }, text }
}
