import { ecFingerprint, inspectPublicJwk } from '../checkPublicJwk'
import { ENTITY_ISSUE_CODES } from '../issue'
import type { IdCollection } from './checkIds'
import { HeldKeys } from './heldKeys'
import type { IdTable } from './idTable'
import type { IssueCollector } from './issueCollector'
import { type Item, isItem, itemsOf } from './shared'

/**
 * Credentials resolved for the index: each credential's user position (-1 if none), and positions by `kid` and by
 * WebAuthn credential id (passkeys).
 */
export interface CredentialTable {
  userAt: Int32Array
  byKid: Map<string, number>
  byWebAuthnId: Map<string, number>
}

/** The keys a passkey may hold: what WebAuthn authenticators make (ES256, EdDSA) and the gateway verifies. */
export function isPasskeyKey(jwk: Item): boolean {
  return (jwk.kty === 'EC' && jwk.crv === 'P-256') || (jwk.kty === 'OKP' && jwk.crv === 'Ed25519')
}

/** The full document names the JWK `key`; the credential-only document names it `publicKey`. */
export const keyMember = (credential: Item) => (Object.hasOwn(credential, 'publicKey') ? 'publicKey' : 'key')

/**
 * Reports credentials whose key cannot be a user's public key, `kid`s used twice, a public key held by two
 * credentials (one key holder would authenticate as both users, and count as two approvers), credentials of unknown users,
 * and (as a warning) root users who have no credential and so cannot authenticate.
 */
export function checkCredentials(
  doc: Item,
  ids: Map<IdCollection, IdTable>,
  issues: IssueCollector | null,
): CredentialTable {
  const items = itemsOf(doc, 'credentials')
  const userIds = ids.get('users')
  const table: CredentialTable = {
    userAt: new Int32Array(items.length).fill(-1),
    byKid: new Map(),
    byWebAuthnId: new Map(),
  }
  // Credentials by the public key they hold, whatever their kid.
  const keys = new HeldKeys()
  for (let i = 0; i < items.length; i++) {
    const credential = items[i]
    if (!isItem(credential)) continue
    if (typeof credential.userId === 'string' && userIds) {
      const user = userIds.get(credential.userId)
      if (user !== undefined) table.userAt[i] = user
      else if (issues) {
        issues.add({
          code: ENTITY_ISSUE_CODES.danglingReference,
          severity: 'error',
          path: `/credentials/${i}/userId`,
          message: `userId ${JSON.stringify(credential.userId)} does not match any user in users`,
        })
      }
    }
    const member = keyMember(credential)
    const jwk = credential[member]
    if (!isItem(jwk)) continue
    if (isItem(credential.webauthn)) checkPasskey(credential.webauthn, jwk, i, member, table, issues)
    if (issues) {
      const { problems, identity } = inspectPublicJwk(jwk)
      for (const problem of problems) {
        const at = `/credentials/${i}/${member}`
        issues.add({
          code: problem.code,
          severity: 'error',
          path: problem.member ? `${at}/${problem.member}` : at,
          message: problem.message,
        })
      }
      const first = identity === undefined ? undefined : keys.holder(identity, i)
      if (first !== undefined) {
        issues.add({
          code: ENTITY_ISSUE_CODES.duplicateKey,
          severity: 'error',
          path: `/credentials/${i}/${member}`,
          message: `this public key is already the key of /credentials/${first}: whoever holds it authenticates as both credentials' users`,
          related: `/credentials/${first}/${keyMember(items[first] as Item)}`,
        })
      }
    }
    if (typeof jwk.kid !== 'string') continue
    const first = table.byKid.get(jwk.kid)
    if (first === undefined) {
      table.byKid.set(jwk.kid, i)
      continue
    }
    issues?.add({
      code: ENTITY_ISSUE_CODES.duplicateKid,
      severity: 'error',
      path: `/credentials/${i}/${member}/kid`,
      message: `kid ${JSON.stringify(jwk.kid)} is already used by /credentials/${first}`,
      related: `/credentials/${first}/${keyMember(items[first] as Item)}/kid`,
    })
  }
  if (issues && Array.isArray(doc.credentials))
    reportRootsWithoutCredential(doc, table.userAt, userIds, issues)
  return table
}

/** The bytes of a base64url member as hex: two spellings of the same bytes (the unused bits of the last digit) agree. */
const bytesOf = (value: unknown) => Buffer.from(String(value), 'base64url').toString('hex')

/**
 * What identifies a valid public JWK: its type, curve and point (EC, OKP), or modulus and exponent (RSA, without
 * leading zero bytes), as bytes. `kid`, `alg` and `use` are labels that do not change who can sign.
 */
export function keyFingerprint(jwk: Item): string | undefined {
  if (jwk.kty === 'EC') return ecFingerprint(jwk.crv, bytesOf(jwk.x), bytesOf(jwk.y))
  if (jwk.kty === 'OKP') return `OKP ${jwk.crv} ${bytesOf(jwk.x)}`
  if (jwk.kty === 'RSA')
    return `RSA ${bytesOf(jwk.n).replace(/^(00)+/, '')} ${bytesOf(jwk.e).replace(/^(00)+/, '')}`
  return undefined
}

/**
 * A passkey's key must be one an authenticator makes (P-256 or Ed25519), and its WebAuthn credential id must name
 * one credential only: an assertion is matched to its credential by that id.
 */
function checkPasskey(
  webauthn: Item,
  jwk: Item,
  at: number,
  member: string,
  table: CredentialTable,
  issues: IssueCollector | null,
): void {
  if (issues && !isPasskeyKey(jwk)) {
    issues.add({
      code: ENTITY_ISSUE_CODES.webauthnUnsupportedKey,
      severity: 'error',
      path: `/credentials/${at}/${member}`,
      message: 'a passkey (webauthn) key must be an EC P-256 key (ES256) or an OKP Ed25519 key (EdDSA)',
    })
  }
  if (typeof webauthn.credentialId !== 'string') return
  const first = table.byWebAuthnId.get(webauthn.credentialId)
  if (first === undefined) {
    table.byWebAuthnId.set(webauthn.credentialId, at)
    return
  }
  issues?.add({
    code: ENTITY_ISSUE_CODES.duplicateWebAuthnId,
    severity: 'error',
    path: `/credentials/${at}/webauthn/credentialId`,
    message: `this WebAuthn credential id is already that of /credentials/${first}`,
    related: `/credentials/${first}/webauthn/credentialId`,
  })
}

function reportRootsWithoutCredential(
  doc: Item,
  userAt: Int32Array,
  userIds: IdTable | undefined,
  issues: IssueCollector,
): void {
  // By position, as the credentials resolved: a root whose id repeats another user's (in any case) is that user's.
  const users = itemsOf(doc, 'users')
  const hasCredential = new Uint8Array(users.length)
  for (let i = 0; i < userAt.length; i++) if (userAt[i]! >= 0) hasCredential[userAt[i]!] = 1
  for (let i = 0; i < users.length; i++) {
    const user = users[i]
    if (!isItem(user) || user.role !== 'root' || typeof user.id !== 'string') continue
    const at = userIds?.get(user.id)
    if (at !== undefined && hasCredential[at] === 1) continue
    issues.add({
      code: ENTITY_ISSUE_CODES.rootWithoutCredential,
      severity: 'warning',
      path: `/users/${i}`,
      message: `root user ${JSON.stringify(user.id)} has no credential, so they cannot authenticate`,
    })
  }
}
