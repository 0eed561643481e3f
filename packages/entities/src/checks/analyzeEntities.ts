import type { Steps } from '../steps'
import type { AddressTable } from './addressTable'
import { checkAccounts } from './checkAccounts'
import { checkAddressBook } from './checkAddressBook'
import { checkChecksums } from './checkChecksums'
import { type CredentialTable, checkCredentials } from './checkCredentials'
import { checkIds, type IdCollection } from './checkIds'
import { checkMemberships, LINK_COLLECTIONS, type LinkCollection } from './checkMemberships'
import { checkTokens } from './checkTokens'
import type { IdTable } from './idTable'
import type { IssueCollector } from './issueCollector'
import type { LinkTable } from './linkTable'
import type { Item } from './shared'

/** What the checks learn about a document, in the form the index is built from. */
export interface EntityTables {
  ids: Map<IdCollection, IdTable>
  links: Map<LinkCollection, LinkTable>
  accounts: AddressTable
  tokens: AddressTable
  addressBook: AddressTable
  credentials: CredentialTable
}

/**
 * Runs every check beyond the schema in one pass per collection and returns the tables they build, pausing after
 * each of the long ones (at 100,000 accounts each takes tens of milliseconds). With no collector, only the tables
 * are built: the checks that exist only to report (keys, token ids) are skipped. EIP-55 checksums are checked only
 * when asked for (ValidateEntitiesOptions.checksums): `checksums` is then the set of addresses not to check again.
 */
export function* analyzeEntities(
  doc: Item,
  issues: IssueCollector | null,
  checksums: false | ReadonlySet<string> = false,
): Steps<EntityTables> {
  const ids = yield* checkIds(doc, issues)
  yield
  if (issues && checksums) yield* checkChecksums(doc, issues, checksums)
  const links = new Map<LinkCollection, LinkTable>()
  for (const collection of Object.keys(LINK_COLLECTIONS) as LinkCollection[]) {
    const table = yield* checkMemberships(doc, collection, ids, issues)
    if (table) links.set(collection, table)
    yield
  }
  const accounts = yield* checkAccounts(doc, issues)
  yield
  const tokens = checkTokens(doc, issues)
  const addressBook = checkAddressBook(doc, issues)
  yield
  return { ids, links, accounts, tokens, addressBook, credentials: checkCredentials(doc, ids, issues) }
}
