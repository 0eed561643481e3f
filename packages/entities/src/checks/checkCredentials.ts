import { checkPublicJwk } from '../checkPublicJwk'
import { ENTITY_ISSUE_CODES } from '../issue'
import type { IdCollection } from './checkIds'
import type { IssueCollector } from './issueCollector'
import { type Item, isItem, itemsOf } from './shared'

/**
 * Reports credentials whose key cannot be a user's public key, `kid`s used twice, credentials of unknown users,
 * and (as a warning) root users who have no credential and so cannot authenticate.
 */
export function checkCredentials(
  doc: Item,
  ids: Map<IdCollection, Map<string, number>>,
  issues: IssueCollector,
): void {
  if (!Array.isArray(doc.credentials)) return
  const items = itemsOf(doc, 'credentials')
  const userIds = ids.get('users')
  const kids = new Map<string, number>()
  const usersWithCredential = new Set<string>()
  for (let i = 0; i < items.length; i++) {
    const credential = items[i]
    if (!isItem(credential)) continue
    if (typeof credential.userId === 'string') {
      const userKey = credential.userId.toLowerCase()
      usersWithCredential.add(userKey)
      if (userIds && !userIds.has(userKey)) {
        issues.add({
          code: ENTITY_ISSUE_CODES.danglingReference,
          severity: 'error',
          path: `/credentials/${i}/userId`,
          message: `userId ${JSON.stringify(credential.userId)} does not match any user in users`,
        })
      }
    }
    // The full document names the JWK `key`; the credential-only document names it `publicKey`.
    const member = Object.hasOwn(credential, 'publicKey') ? 'publicKey' : 'key'
    const jwk = credential[member]
    if (!isItem(jwk)) continue
    const keyPath = `/credentials/${i}/${member}`
    for (const problem of checkPublicJwk(jwk)) {
      issues.add({
        code: problem.code,
        severity: 'error',
        path: problem.member ? `${keyPath}/${problem.member}` : keyPath,
        message: problem.message,
      })
    }
    if (typeof jwk.kid !== 'string') continue
    const first = kids.get(jwk.kid)
    if (first === undefined) {
      kids.set(jwk.kid, i)
      continue
    }
    const firstMember = Object.hasOwn(items[first] as Item, 'publicKey') ? 'publicKey' : 'key'
    issues.add({
      code: ENTITY_ISSUE_CODES.duplicateKid,
      severity: 'error',
      path: `${keyPath}/kid`,
      message: `kid ${JSON.stringify(jwk.kid)} is already used by /credentials/${first}`,
      related: `/credentials/${first}/${firstMember}/kid`,
    })
  }
  const users = itemsOf(doc, 'users')
  for (let i = 0; i < users.length; i++) {
    const user = users[i]
    if (!isItem(user) || user.role !== 'root' || typeof user.id !== 'string') continue
    if (usersWithCredential.has(user.id.toLowerCase())) continue
    issues.add({
      code: ENTITY_ISSUE_CODES.rootWithoutCredential,
      severity: 'warning',
      path: `/users/${i}`,
      message: `root user ${JSON.stringify(user.id)} has no credential, so they cannot authenticate`,
    })
  }
}
