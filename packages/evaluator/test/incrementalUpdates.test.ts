// Incremental updates decide as a fresh evaluator would: after any sequence of random entity changes (seeded), and
// after a policy change, every decision of the patched evaluator equals that of createEvaluator on the resulting
// documents. A refused change, or a patch the policy library fails, leaves the old data in force.
import { type Entities, type EntityChange, MutableEntityIndex } from '@rampart/entities'
import { describe, expect, it, vi } from 'vitest'
import {
  ACCOUNT_GROUPS,
  accountAddress,
  accountId,
  benchPolicies,
  chainOf,
  counterpartyAddress,
  syntheticOrg,
  USER_GROUPS,
  userId,
} from '../bench/org'
import type { Evaluator, EvaluatorError as EvaluatorErrorType } from '../src'
import {
  ACCOUNTS,
  added,
  copyOf,
  everyDecision,
  expectRefusedInPlace,
  USERS,
  withAccount,
} from './incrementalHelpers'
import { seededRandom, thrownBy } from './testHelpers'

vi.mock('../src/patchPolicyData', async (original) => {
  const actual = await original<typeof import('../src/patchPolicyData')>()
  return { ...actual, patchPolicyData: vi.fn(actual.patchPolicyData) }
})
// The files of a worker share their modules (isolate: false): the modules that import the mocked one are loaded
// again, after the mock, so that they see it.
vi.resetModules()
const { createEvaluator, EvaluatorError } = await import('../src')
const patching = await import('../src/patchPolicyData')

const decisions = everyDecision

const random = seededRandom
const pick = <T>(rand: (n: number) => number, items: readonly T[]) =>
  items[Math.floor(rand(items.length))] as T

/** A random change the organization accepts, in mixed case (ids and EIP-55-like addresses compare regardless). */
function randomChange(rand: (n: number) => number, entities: Entities, next: { id: number }): EntityChange[] {
  const shout = (text: string) => (rand(2) < 1 ? text.toUpperCase().replace('0X', '0x') : text)
  const kind = Math.floor(rand(9))
  const account = pick(rand, entities.accounts)
  const user = pick(rand, entities.users)
  if (kind === 0 || !account) {
    const i = ACCOUNTS + next.id++
    const id = shout(accountId(i))
    return [
      {
        op: 'put',
        collection: 'accounts',
        entity: { id, address: shout(accountAddress(i)), accountType: 'eoa', chainId: chainOf(i) },
      },
      { op: 'put', collection: 'userAccounts', entity: { userId: user?.id ?? userId(0), accountId: id } },
      {
        op: 'put',
        collection: 'accountGroupMembers',
        entity: { accountId: id, groupId: `VAULT-${i % ACCOUNT_GROUPS}` },
      },
    ]
  }
  if (kind === 1) {
    const links = [
      ...entities.userAccounts
        .filter((l) => l.accountId.toLowerCase() === account.id.toLowerCase())
        .map((l) => ({ op: 'remove' as const, collection: 'userAccounts' as const, entity: { ...l } })),
      ...entities.accountGroupMembers
        .filter((l) => l.accountId.toLowerCase() === account.id.toLowerCase())
        .map((l) => ({
          op: 'remove' as const,
          collection: 'accountGroupMembers' as const,
          entity: { ...l },
        })),
    ]
    return [...links, { op: 'remove', collection: 'accounts', id: shout(account.id) }]
  }
  if (kind === 2) {
    const chainId = pick(rand, [1, 8453, 42161, 137])
    const moved = { ...account, accountType: pick(rand, ['eoa', '4337']) as 'eoa', chainId }
    return [{ op: 'put', collection: 'accounts', entity: moved }]
  }
  if (kind === 3 && user)
    return [
      {
        op: 'put',
        collection: 'users',
        entity: { ...user, role: pick(rand, ['member', 'manager', 'admin']) },
      },
    ]
  if (kind === 4 && user)
    return [
      {
        op: 'put',
        collection: 'userGroupMembers',
        entity: { userId: shout(user.id), groupId: `team-${Math.floor(rand(USER_GROUPS))}` },
      },
    ]
  if (kind === 5) {
    const member = pick(rand, entities.userGroupMembers)
    return member ? [{ op: 'remove', collection: 'userGroupMembers', entity: { ...member } }] : []
  }
  if (kind === 6 && user)
    return [
      { op: 'put', collection: 'userAccounts', entity: { userId: user.id, accountId: shout(account.id) } },
    ]
  if (kind === 7) {
    const classification = pick(rand, ['counterparty', 'external', 'internal'])
    return [
      {
        op: 'put',
        collection: 'addressBook',
        entity: { id: 'counterparty-7:1', address: counterpartyAddress(7), chainId: 1, classification },
      },
    ]
  }
  const token = pick(rand, entities.tokens)
  return token
    ? [{ op: 'put', collection: 'tokens', entity: { ...token, decimals: pick(rand, [6, 8, 18]) } }]
    : []
}

describe('incremental updates', () => {
  for (const seed of [1, 2, 3]) {
    it(`decide as a fresh evaluator after random entity changes (seed ${seed})`, async () => {
      const policies = benchPolicies()
      const evaluator = await createEvaluator({ entities: syntheticOrg(USERS, ACCOUNTS), policies })
      const rand = random(seed)
      const next = { id: 0 }
      const seen: string[] = []
      for (let step = 0; step < 45; step++) {
        evaluator.updateEntities(randomChange(rand, evaluator.entities.entities, next))
        if (step % 15 !== 14) continue
        const entities = copyOf(evaluator.entities.entities)
        const fresh = await createEvaluator({ entities, policies })
        const decided = decisions(evaluator, entities)
        expect(decided).toEqual(decisions(fresh, entities))
        seen.push(...decided)
      }
      // Not a vacuous equality: the requests meet permits and refusals alike.
      expect(seen.some((line) => line.includes('Permit'))).toBe(true)
      expect(seen.some((line) => line.includes('Forbid'))).toBe(true)
    }, 60_000)
  }

  it('patches a changed policy in, as a fresh evaluator would decide', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const policies = benchPolicies()
    const evaluator = await createEvaluator({ entities, policies })
    const before = decisions(evaluator, entities)
    // No team may move USDC any longer: the transfers permitted before are not.
    const changed = policies.filter((policy) => !policy.id.endsWith('-usdc'))
    evaluator.update({ policies: changed })
    const fresh = await createEvaluator({ entities, policies: changed })
    expect(decisions(evaluator, entities)).toEqual(decisions(fresh, entities))
    expect(decisions(evaluator, entities)).not.toEqual(before)
  })

  it('refuses an account in a group that does not exist, with a JSON Pointer, and changes nothing', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const evaluator = await createEvaluator({ entities, policies: benchPolicies() })
    const before = decisions(evaluator, entities)
    const changes: EntityChange[] = [
      {
        op: 'put',
        collection: 'accounts',
        entity: { id: 'new', address: accountAddress(999), accountType: 'eoa', chainId: 1 },
      },
      { op: 'put', collection: 'userAccounts', entity: { userId: userId(4), accountId: 'new' } },
      {
        op: 'put',
        collection: 'accountGroupMembers',
        entity: { accountId: 'new', groupId: 'no-such-vault' },
      },
    ]
    const thrown = thrownBy(() => evaluator.updateEntities(changes))
    expect(thrown).toBeInstanceOf(EvaluatorError)
    expect((thrown as EvaluatorErrorType).details.issues).toEqual([
      expect.objectContaining({ code: 'dangling-reference', path: '/2/entity/groupId' }),
    ])
    expect(evaluator.entities.account('new')).toBeUndefined()
    expect(evaluator.entities.entities.accounts).toHaveLength(ACCOUNTS)
    expect(decisions(evaluator, entities)).toEqual(before)
  })

  it('refuses a duplicate address, a removal that leaves links dangling, and a malformed entity', async () => {
    const evaluator = await createEvaluator({
      entities: syntheticOrg(USERS, ACCOUNTS),
      policies: benchPolicies(),
    })
    const issuesOf = (changes: unknown[]) => {
      try {
        evaluator.updateEntities(changes as EntityChange[])
      } catch (error) {
        return (error as EvaluatorErrorType).details.issues.map(({ code, path }) => `${code} ${path}`)
      }
      return []
    }
    expect(
      issuesOf([
        {
          op: 'put',
          collection: 'accounts',
          entity: {
            id: 'x',
            address: accountAddress(1).toUpperCase().replace('0X', '0x'),
            accountType: 'eoa',
            chainId: chainOf(1),
          },
        },
      ]),
    ).toEqual(['duplicate-account-address /0/entity/address'])
    expect(issuesOf([{ op: 'remove', collection: 'accounts', id: accountId(1) }])).toEqual([
      'dangling-reference /0/id',
      'dangling-reference /0/id',
    ])
    expect(
      issuesOf([
        {
          op: 'put',
          collection: 'accounts',
          entity: { id: 'x', address: 'nope', accountType: 'eoa', chainId: 1 },
        },
      ])[0],
    ).toMatch(/^\S+ \/0\/entity\/address$/)
    expect(issuesOf([{ op: 'explode', collection: 'accounts' }])).toEqual(['schema.enum /0/op'])
  })

  it('keeps the old data in force when the policy library fails a patch half-way', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const evaluator = await createEvaluator({ entities, policies: benchPolicies() })
    const before = decisions(evaluator, entities)
    const patch = vi.mocked(patching.patchPolicyData)
    const actual = patch.getMockImplementation() as typeof patching.patchPolicyData
    patch.mockImplementationOnce((policy, patches) => {
      actual(policy, patches.slice(0, 1)) // the first patch lands, then the library fails
      throw new Error('out of memory')
    })
    expect(() =>
      evaluator.updateEntities([
        { op: 'remove', collection: 'userAccounts', entity: { userId: userId(4), accountId: accountId(4) } },
      ]),
    ).toThrow('out of memory')
    expect(evaluator.unavailable).toBeUndefined()
    expect(evaluator.entities.accountsOfUser(userId(4)).map((a) => a.id)).toContain(accountId(4))
    expect(decisions(evaluator, entities)).toEqual(before)
  })

  it('loads the old data whole when a patch and its undo both fail', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const evaluator = await createEvaluator({ entities, policies: benchPolicies() })
    const patch = vi.mocked(patching.patchPolicyData)
    patch.mockImplementationOnce(() => {
      throw new Error('trap')
    })
    patch.mockImplementationOnce(() => {
      throw new Error('trap again')
    })
    expect(() => evaluator.update({ policies: [] })).toThrow('trap')
    // The old data went back in whole: decisions still stand.
    expect(evaluator.unavailable).toBeUndefined()
    expect(decisions(evaluator, entities)).toEqual(
      decisions(await createEvaluator({ entities, policies: benchPolicies() }), entities),
    )
  })
})

describe('update({ entities })', () => {
  const patchCalls = () => vi.mocked(patching.patchPolicyData).mock.calls.length
  /** That the evaluator decides as one made anew for the organization. */
  const decidesAsFresh = async (evaluator: Evaluator, entities: Entities, policies = benchPolicies()) => {
    const fresh = await createEvaluator({ entities: copyOf(entities), policies })
    expect(decisions(evaluator, entities)).toEqual(decisions(fresh, entities))
  }

  it('patches in a new document that differs by entities, deciding as a fresh evaluator', async () => {
    const policies = benchPolicies()
    const evaluator = await createEvaluator({ entities: syntheticOrg(USERS, ACCOUNTS), policies })
    // The changes are made on another evaluator; this one is given the documents they lead to, as fresh JSON.
    const reference = await createEvaluator({ entities: syntheticOrg(USERS, ACCOUNTS), policies })
    const rand = random(7)
    const next = { id: 0 }
    for (let step = 0; step < 12; step++) {
      reference.updateEntities(randomChange(rand, reference.entities.entities, next))
      const entities = copyOf(reference.entities.entities)
      const patched = patchCalls()
      evaluator.update({ entities })
      expect(patchCalls()).toBeGreaterThan(patched)
      if (step % 4 !== 3) continue
      await decidesAsFresh(evaluator, entities, policies)
    }
  }, 60_000)

  it('takes the entities an immutable update kept as unchanged, and patches in the rest', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const policies = benchPolicies()
    const evaluator = await createEvaluator({ entities, policies })
    const next = withAccount(entities)
    const patched = patchCalls()
    evaluator.update({ entities: next })
    expect(patchCalls()).toBeGreaterThan(patched)
    expect(evaluator.entities.accountsOfUser(userId(4)).map((a) => a.id)).toContain(accountId(ACCOUNTS))
    await decidesAsFresh(evaluator, next, policies)
  })

  it('sees the changes of lists edited in place, compared with copies taken when they came in', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const policies = benchPolicies()
    const evaluator = await createEvaluator({ entities, policies })
    const before = decisions(evaluator, entities)
    const { account, link, member } = added(ACCOUNTS)
    entities.accounts.push(account)
    entities.userAccounts.push(link)
    entities.accountGroupMembers.push(member)
    entities.userGroupMembers.splice(0, 3)
    const patched = patchCalls()
    evaluator.update({ entities })
    expect(patchCalls()).toBeGreaterThan(patched)
    await decidesAsFresh(evaluator, entities, policies)
    expect(decisions(evaluator, entities)).not.toEqual(before)
    // The same document again, unchanged since: nothing to patch.
    const again = patchCalls()
    evaluator.update({ entities })
    expect(patchCalls()).toBe(again)
  })

  it('loads a document that differs in more than a twentieth of its entities whole', async () => {
    const policies = benchPolicies()
    const evaluator = await createEvaluator({ entities: syntheticOrg(2, 2), policies })
    const entities = syntheticOrg(USERS, ACCOUNTS)
    evaluator.update({ entities })
    // Loaded whole: the index is the one built from the document, not the one changes were patched into.
    expect(evaluator.entities).not.toBeInstanceOf(MutableEntityIndex)
    await decidesAsFresh(evaluator, entities, policies)
  })

  it('loads entities given with policies whole', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const policies = benchPolicies()
    const evaluator = await createEvaluator({ entities, policies })
    const patched = patchCalls()
    evaluator.update({ entities: withAccount(entities), policies })
    expect(patchCalls()).toBe(patched)
    expect(evaluator.entities.accountsOfUser(userId(4)).map((a) => a.id)).toContain(accountId(ACCOUNTS))
  })

  it('refuses an invalid document with issues that point into it, and changes nothing', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const evaluator = await createEvaluator({ entities, policies: benchPolicies() })
    const before = decisions(evaluator, entities)
    const next = withAccount(entities, 'no-such-vault')
    const thrown = thrownBy(() => evaluator.update({ entities: next }))
    expect(thrown).toBeInstanceOf(EvaluatorError)
    expectRefusedInPlace(thrown, evaluator, entities, before)
  })
})
