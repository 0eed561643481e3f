// `pnpm bench`: incremental updates at 10,000 users / 100,000 accounts (mixed-case ids, EIP-55 addresses), against
// a full update() and against createEvaluator of the same documents: one account added (with its assignment and
// group; by updateEntities, and by update({ entities }) given the new document), one policy changed (a description,
// a criterion), one policy added and one removed (of the bench's hundred). Each entity iteration undoes itself (a
// put then a remove, or the new document then the old), so the organization stays the same size; each policy
// change is undone by the next call; an added policy is removed, a removed one put back, in the same iteration (two
// updates each). The updateInSlices row prints the longest the event loop waited while it ran.
// Evaluate with another user and account each call is in evaluate.bench.ts.
import { getAddress } from 'viem'
import { bench, describe } from 'vitest'
import { createEvaluator } from '../src'
import { longestBlock } from './longestBlock'
import { accountAddress, benchPolicies, chainOf, inMixedCase, syntheticOrg, userId } from './org'

const USERS = 10_000
const ACCOUNTS = 100_000
// Mixed case, as organizations write them: ids in capitals here and there, addresses checksummed.
const entities = inMixedCase(syntheticOrg(USERS, ACCOUNTS))
const policies = benchPolicies()
const evaluator = await createEvaluator({ entities, policies })
const full = await createEvaluator({ entities, policies })
// Each indexes its organization for changes in the background, 4 ms a turn, until a change finishes it: finished
// now (a token put again as it is), so that no row shares its turns with that.
for (const made of [evaluator, full])
  made.updateEntities([{ op: 'put', collection: 'tokens', entity: { ...entities.tokens[0]! } }])

const NEW = ACCOUNTS + 1
const added = {
  id: `Acct-${NEW}`,
  address: getAddress(accountAddress(NEW)),
  accountType: 'eoa' as const,
  chainId: chainOf(NEW),
}
const link = { userId: userId(NEW % USERS), accountId: added.id }
const member = { accountId: added.id, groupId: 'vault-1' }
// What an embedder hands update({ entities }): a new document that keeps the entities it does not change, and the
// same as fresh JSON, which shares no object with the organization in force.
const withAdded = {
  ...entities,
  accounts: [...entities.accounts, added],
  userAccounts: [...entities.userAccounts, link],
  accountGroupMembers: [...entities.accountGroupMembers, member],
}
const fresh = JSON.parse(JSON.stringify(entities))
const freshWithAdded = JSON.parse(JSON.stringify(withAdded))
const changedPolicies = policies.map((policy) =>
  policy.id === 'team-4-usdc' ? { ...policy, description: 'changed' } : policy,
)
// A change the policy library reads: team 4's USDC permit bound to one chain (its buckets and the list patched).
const narrowedPolicies = policies.map((policy) =>
  policy.id === 'team-4-usdc'
    ? {
        ...policy,
        when: [...policy.when, { criterion: 'checkIntentChainId' as const, args: [1] }] as typeof policy.when,
      }
    : policy,
)
let flip = false
let narrow = false

describe('one account added, 10,000 users / 100,000 accounts', () => {
  // Before the baseline: each evaluator it makes goes on indexing its organization in the background, 4 ms a turn,
  // until it is collected, and took turns from this row's (4x as long after it as before it).
  bench(
    'updateInSlices({ entities }): the same as fresh JSON, with turns of the event loop',
    async () => {
      const { longest } = await longestBlock(async () => {
        await full.updateInSlices({ entities: freshWithAdded })
        await full.updateInSlices({ entities: fresh })
      })
      console.log(`updateInSlices({ entities }) fresh JSON: longest block ${longest.toFixed(1)} ms`)
    },
    { iterations: 5, warmupIterations: 1, time: 0 },
  )
  bench(
    'update({ entities, policies }) whole: validated, prepared and loaded',
    () => {
      full.update({ entities, policies })
    },
    { iterations: 3, warmupIterations: 1, time: 0 },
  )
  bench(
    'updateEntities: put the account, its assignment and group (then remove them)',
    () => {
      evaluator.updateEntities([
        { op: 'put', collection: 'accounts', entity: added },
        { op: 'put', collection: 'userAccounts', entity: link },
        { op: 'put', collection: 'accountGroupMembers', entity: member },
      ])
      evaluator.updateEntities([
        { op: 'remove', collection: 'accountGroupMembers', entity: member },
        { op: 'remove', collection: 'userAccounts', entity: link },
        { op: 'remove', collection: 'accounts', id: added.id },
      ])
    },
    { iterations: 50, warmupIterations: 5, time: 0 },
  )
  bench(
    'update({ entities }): the document with the account added, as an immutable update (then the one without)',
    () => {
      full.update({ entities: withAdded })
      full.update({ entities })
    },
    { iterations: 20, warmupIterations: 3, time: 0 },
  )
  bench(
    'update({ entities }): the same, as fresh JSON (every entity compared)',
    () => {
      full.update({ entities: freshWithAdded })
      full.update({ entities: fresh })
    },
    { iterations: 5, warmupIterations: 1, time: 0 },
  )
  // Last: the evaluators it makes go on indexing their organization in the background until they are collected.
  bench(
    'createEvaluator of the documents (baseline)',
    async () => {
      await createEvaluator({ entities, policies })
    },
    { iterations: 3, warmupIterations: 1, time: 0 },
  )
})

describe('one policy changed, 10,000 users / 100,000 accounts', () => {
  bench(
    'createEvaluator of the documents (baseline)',
    async () => {
      await createEvaluator({ entities, policies: changedPolicies })
    },
    { iterations: 3, warmupIterations: 1, time: 0 },
  )
  bench(
    'update({ policies }): its description changed (nothing the library reads)',
    () => {
      flip = !flip
      evaluator.update({ policies: flip ? changedPolicies : policies })
    },
    { iterations: 50, warmupIterations: 5, time: 0 },
  )
  bench(
    'update({ policies }): a criterion added (its buckets and the list patched)',
    () => {
      narrow = !narrow
      evaluator.update({ policies: narrow ? narrowedPolicies : policies })
    },
    { iterations: 50, warmupIterations: 5, time: 0 },
  )
})

/** Where the next policy goes in or comes out: another place of the hundred each call (37 is prime to 100 and 101). */
let place = 0
const nextPlace = (size: number) => {
  place = (place + 37) % size
  return place
}

describe('one policy added, one removed, 10,000 users / 100,000 accounts', () => {
  bench(
    'update({ policies }) twice: a new policy added (another place each time), then removed',
    () => {
      const at = nextPlace(policies.length + 1)
      const added = { ...(policies[7] as (typeof policies)[number]), id: `added-${place}` }
      evaluator.update({ policies: [...policies.slice(0, at), added, ...policies.slice(at)] })
      evaluator.update({ policies })
    },
    { iterations: 50, warmupIterations: 5, time: 0 },
  )
  bench(
    'update({ policies }) twice: a policy removed (another each time), then put back',
    () => {
      const at = nextPlace(policies.length)
      evaluator.update({ policies: [...policies.slice(0, at), ...policies.slice(at + 1)] })
      evaluator.update({ policies })
    },
    { iterations: 50, warmupIterations: 5, time: 0 },
  )
  // Last: the garbage a whole load leaves must not land on the rows above (its collection is not theirs).
  bench(
    'createEvaluator of the documents (baseline)',
    async () => {
      await createEvaluator({ entities, policies })
    },
    { iterations: 3, warmupIterations: 1, time: 0 },
  )
})
