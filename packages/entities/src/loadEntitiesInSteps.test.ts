import { describe, expect, it } from 'vitest'
import { northwind, readFixture } from './testFixtures'
import { loadEntities, loadEntitiesInSteps } from './validateEntities'

function stepsOf(doc: unknown, options = {}) {
  const steps = loadEntitiesInSteps(doc, options)
  let pauses = 0
  for (;;) {
    const step = steps.next()
    if (step.done) return { result: step.value, pauses }
    pauses++
  }
}

describe('loadEntitiesInSteps', () => {
  it('loads a valid organization as loadEntities does, pausing after the schema and each long check', () => {
    const doc = northwind()
    const { result, pauses } = stepsOf(doc)
    const whole = loadEntities(doc)
    expect(result.valid).toBe(true)
    expect(result.issues).toEqual(whole.issues)
    for (const user of doc.users) {
      expect(result.index?.accountsOfUser(user.id)).toEqual(whole.index?.accountsOfUser(user.id))
      expect(result.index?.groupsOfUser(user.id)).toEqual(whole.index?.groupsOfUser(user.id))
    }
    // The schema, the ids, three link collections, the accounts, the tokens and address book.
    expect(pauses).toBeGreaterThanOrEqual(7)
  })

  it('refuses an invalid one with the issues loadEntities reports, and pauses for the checksums it was asked for', () => {
    const doc = structuredClone(northwind()) as unknown as Record<string, unknown[]>
    doc.userAccounts!.push({ userId: 'nobody', accountId: 'nothing' })
    const { result, pauses } = stepsOf(doc, { checksums: true })
    expect(result.valid).toBe(false)
    expect(result.issues).toEqual(loadEntities(doc, { checksums: true }).issues)
    expect(result.issues.map((issue) => issue.code)).toContain('dangling-reference')
    expect(pauses).toBeGreaterThanOrEqual(8)
  })

  it('pauses within the long checks of a large organization: the ids, the accounts, the checksums', () => {
    const accounts = Array.from({ length: 60_000 }, (_, i) => ({
      id: `Vault-${i}`,
      address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
      accountType: 'eoa',
      chainId: 1,
    }))
    const doc = { ...northwind(), accounts, userAccounts: [], accountGroupMembers: [] }
    const plain = stepsOf(doc)
    const checked = stepsOf(doc, { checksums: true })
    expect(checked.result.issues).toEqual(loadEntities(doc, { checksums: true }).issues)
    expect(plain.result.valid).toBe(true)
    // At least two pauses in the ids (25,000 a step) and two in the accounts (20,000 a step) beyond the seven
    // after each check, and one every 2,000 addresses for their checksums.
    expect(plain.pauses).toBeGreaterThanOrEqual(7 + 4)
    expect(checked.pauses - plain.pauses).toBeGreaterThanOrEqual(30)
  })

  it('reads a document that is not an object, or refers to nothing, as loadEntities does', () => {
    for (const doc of [null, [], 'text', readFixture('invalid/dangling-reference.json')]) {
      expect(stepsOf(doc).result).toEqual(loadEntities(doc))
    }
  })
})
