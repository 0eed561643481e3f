import { createHash } from 'node:crypto'
import { canonicalJson } from '../canonicalJson'
import type { PolicySetContent } from '../generated/signedPolicySet'

/** Hex SHA-256 of the canonical JSON (RFC 8785) of a value: what a policy set's hashes are made of. */
export function sha256Canonical(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex')
}

/** The contentHash of a policy set's content: the bytes every approval vouches for, through its statement. */
export const contentHashOf = (content: PolicySetContent): string => sha256Canonical(content)

/** The hash of the entities alone, which attestations name beside the set's. */
export const entitiesHashOf = (content: PolicySetContent): string => sha256Canonical(content.entities)
