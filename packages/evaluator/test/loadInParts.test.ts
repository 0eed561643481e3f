// createEvaluator loads an organization in parts (the data without its collections, then each collection patched
// in, a large one written out in pieces, with turns of the event loop between them); update({ entities, policies })
// loads the same data whole. Both must decide alike for every account: a collection lost or misplaced shows as a
// different decision.
import { decodeRequest } from '@rampart/decoder'
import { describe, expect, it } from 'vitest'
import { accountAddress, benchPolicies, chainOf, syntheticOrg, transferRpc, userId } from '../bench/org'
import { createEvaluator, type Evaluator } from '../src'

// Past ENTITIES_PER_PIECE (10,000): the users are written out in pieces, joined into one patch; the accounts, and
// what is found at their addresses, go in shard by shard.
const USERS = 10_500
const ACCOUNTS = 12_000
const NOW = 1_741_953_600

function decisions(evaluator: Evaluator): string[] {
  const intent = decodeRequest(transferRpc(4), { entities: evaluator.entities }).intent
  const out: string[] = []
  for (let a = 0; a < ACCOUNTS + 2; a++) {
    const decided = evaluator.decide({
      principal: userId(a % (USERS + 3)),
      decoded: { action: 'eth_sendTransaction', intent: intent as never },
      signer: { address: accountAddress(a), chainId: chainOf(a) },
      now: NOW,
    })
    out.push(`${a}: ${decided.decision.decision} ${decided.decision.reason?.code}`)
  }
  return out
}

describe('createEvaluator of a large organization', () => {
  it('decides as an evaluator that loaded the same data whole', async () => {
    const entities = syntheticOrg(USERS, ACCOUNTS)
    const policies = benchPolicies()
    const inParts = await createEvaluator({ entities, policies })
    const whole = await createEvaluator({ entities: syntheticOrg(2, 2), policies })
    whole.update({ entities, policies })
    const expected = decisions(whole)
    // Not all alike: the accounts' groups and users make some permitted and some not.
    expect(new Set(expected.map((line) => line.split(': ')[1])).size).toBeGreaterThan(1)
    expect(decisions(inParts)).toEqual(expected)
  })
})
