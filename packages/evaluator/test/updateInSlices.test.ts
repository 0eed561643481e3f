// updateInSlices is update() with turns of the event loop between its steps: until its promise settles the evaluator
// decides with what was in force, then as a fresh evaluator made for the new data would. A refused update leaves the
// old data in force; calls run in the order made, and one overtaken by another change starts over from it.
import { MutableEntityIndex } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { accountId, benchPolicies, syntheticOrg, userId } from '../bench/org'
import { createEvaluator, type Evaluator, EvaluatorError } from '../src'
import {
  ACCOUNTS,
  copyOf,
  everyDecision,
  expectRefusedInPlace,
  USERS,
  withAccount,
} from './incrementalHelpers'

const decidesAsFresh = async (evaluator: Evaluator, entities = copyOf(evaluator.entities.entities)) => {
  const fresh = await createEvaluator({ entities: copyOf(entities), policies: benchPolicies() })
  expect(everyDecision(evaluator, entities)).toEqual(everyDecision(fresh, entities))
}

/** An evaluator over the synthetic organization, with the decisions it makes before any update. */
async function started() {
  const entities = syntheticOrg(USERS, ACCOUNTS)
  const evaluator = await createEvaluator({ entities, policies: benchPolicies() })
  return { entities, evaluator, before: everyDecision(evaluator, entities) }
}

describe('updateInSlices', () => {
  it('decides with the old data until the promise settles, then with the new, loaded whole', async () => {
    const { entities, evaluator, before } = await started()
    const next = copyOf(withAccount(entities))
    // The new account's user loses every group: decisions for it change, not only the new account's.
    next.userGroupMembers = next.userGroupMembers.filter((member) => member.userId !== userId(4))
    const updating = evaluator.updateInSlices({ entities: next, policies: benchPolicies() })
    expect(everyDecision(evaluator, entities)).toEqual(before)
    expect(evaluator.entities.account(accountId(ACCOUNTS))).toBeUndefined()
    await updating
    // Given with policies, the document was loaded whole: the index is the one built from it.
    expect(evaluator.entities).not.toBeInstanceOf(MutableEntityIndex)
    expect(everyDecision(evaluator, next)).not.toEqual(before)
    await decidesAsFresh(evaluator, next)
  })

  it('patches in a document given as fresh JSON that differs by a few entities', async () => {
    const { entities, evaluator } = await started()
    const next = copyOf(withAccount(entities))
    await evaluator.updateInSlices({ entities: next })
    // Patched, not loaded: the index is the one changes apply to.
    expect(evaluator.entities).toBeInstanceOf(MutableEntityIndex)
    expect(evaluator.entities.accountsOfUser(userId(4)).map((a) => a.id)).toContain(accountId(ACCOUNTS))
    await decidesAsFresh(evaluator, next)
  })

  it('rejects an invalid document with issues that point into it, and keeps the old data', async () => {
    const { entities, evaluator, before } = await started()
    const next = withAccount(entities, 'no-such-vault')
    const refused = await evaluator.updateInSlices({ entities: next }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(EvaluatorError)
    expectRefusedInPlace(refused, evaluator, entities, before)
    // The next call is not held up by the refused one.
    await evaluator.updateInSlices({ entities: withAccount(entities) })
    expect(evaluator.entities.account(accountId(ACCOUNTS))).toBeDefined()
  })

  it('runs calls one after the other, in the order made', async () => {
    const { entities, evaluator } = await started()
    const first = withAccount(entities)
    const second = syntheticOrg(USERS, ACCOUNTS - 5)
    const updates = [
      evaluator.updateInSlices({ entities: first, policies: benchPolicies() }),
      evaluator.updateInSlices({ entities: second }),
    ]
    await Promise.all(updates)
    expect(evaluator.entities.entities.accounts).toHaveLength(ACCOUNTS - 5)
    await decidesAsFresh(evaluator, second)
  })

  it('starts over from a change that overtook it, and takes effect after it', async () => {
    // Large enough that comparing the documents takes more than one slice: the change lands between two of them.
    const entities = syntheticOrg(USERS, 30_000)
    const evaluator = await createEvaluator({ entities, policies: benchPolicies() })
    const next = copyOf(withAccount(entities))
    let settled = false
    const updating = evaluator.updateInSlices({ entities: next }).finally(() => {
      settled = true
    })
    // The update begins on the next turn; on the turn after, it is comparing the documents.
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    const user = entities.users[1]!
    evaluator.updateEntities([{ op: 'put', collection: 'users', entity: { ...user, role: 'root' } }])
    expect(evaluator.entities.user(user.id)?.role).toBe('root')
    await updating
    // The document given is what is in force: the role it gives, and its new account.
    expect(evaluator.entities.user(user.id)?.role).toBe(user.role)
    expect(evaluator.entities.account(accountId(ACCOUNTS))).toBeDefined()
  }, 60_000)

  it('takes new data without a policy library, and still refuses every request', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const evaluator = await createEvaluator({
      entities,
      policies: benchPolicies(),
      wasm: new Uint8Array([0]),
    })
    await evaluator.updateInSlices({ entities: withAccount(entities), policies: benchPolicies() })
    expect(evaluator.entities.account(accountId(ACCOUNTS))).toBeDefined()
    const decisions = everyDecision(evaluator, entities)
    expect(decisions.every((line) => !line.includes('Permit'))).toBe(true)
    expect(evaluator.unavailable).toMatch(/cannot be loaded/)
  })
})
