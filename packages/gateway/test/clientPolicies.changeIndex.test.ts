import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import { MutableEntityIndex } from '@rampart/entities'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  buildClientPolicyState,
  ClientPolicies,
  type ClientPolicyState,
} from '../src/signing/pipeline/clientPolicyState'
import { decideForClient } from '../src/signing/pipeline/decideForClient'
import { policy } from './support/signingClient'
import { registerTestClient } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

// The index entity changes apply to is built with the state, a slice at a time, before the state is used: the
// evaluator then has no pass of its own to run in the background after it. Such passes (1.6 s at 100,000 accounts)
// took a slice of every turn of the event loop, and went on after their state was dropped: in
// bench/incrementalEntities.bench.ts the states of the "built anew" row slowed every row after it, a policy change
// at 100,000 accounts most (1.6× the same change at one account).

const rpc = JSON.parse(
  readFileSync(new URL('../../../fixtures/requests/erc20-transfer-usdt.json', import.meta.url), 'utf8'),
).request
const sender = rpc.params[0].from as string
const entities = {
  users: [{ id: 'Alice', role: 'member' }],
  userGroups: [],
  userGroupMembers: [],
  userAccounts: [{ userId: 'alice', accountId: 'Sender' }],
  credentials: [],
  accounts: [{ id: 'Sender', address: sender, accountType: 'eoa', chainId: 1 }],
  accountGroups: [{ id: 'vault' }],
  accountGroupMembers: [{ accountId: 'sender', groupId: 'vault' }],
  tokens: [],
  addressBook: [],
}
const policies = [policy('permit-vault', 'permit', [{ criterion: 'checkAccountGroup', args: ['vault'] }])]

const gateway = useTestGateway()

afterEach(() => {
  vi.restoreAllMocks()
})

function decide(state: ClientPolicyState, principal: string) {
  const decoded = decodeRequest(rpc, state.index ? { entities: state.index } : {})
  return decideForClient(state, {
    principal,
    decoded: decoded as never,
    signer: { address: sender, chainId: 1 },
    historyTotals: undefined,
    now: 1_900_000_000,
  }).decision
}

/** Whether any indexing for changes runs in the next 50 ms, with nothing else for the event loop to do. */
async function indexingAfterwards() {
  const slices = vi.spyOn(MutableEntityIndex.prototype, 'indexSome')
  await new Promise((resolve) => setTimeout(resolve, 50))
  return slices.mock.calls.length
}

describe('ClientPolicies: the index entity changes apply to', () => {
  it('is built whole with the state, shared by the evaluator and the decoder; nothing runs after', async () => {
    const { clientId } = await registerTestClient(gateway, ['EdDSA'], { entities, policies })
    const state = await new ClientPolicies(gateway.database.db).forClient(clientId)
    expect(await indexingAfterwards()).toBe(0)
    expect(state.index).toBeInstanceOf(MutableEntityIndex)
    expect((state.index as MutableEntityIndex).indexed).toBe(true)
    expect(state.evaluator?.entities).toBe(state.index)
    // Found under another case, as the organization names it.
    expect(state.index?.accountByAddress(1, sender.toUpperCase().replace('0X', '0x'))?.id).toBe('Sender')
  })

  it('is not built for a state that takes no changes (the try-it page), which decides the same', async () => {
    const { clientId } = await registerTestClient(gateway, ['EdDSA'], { entities, policies })
    const withChanges = await new ClientPolicies(gateway.database.db).forClient(clientId)
    const plain = await buildClientPolicyState({ clientId, entities, policies, presetIds: [] }, undefined)
    expect(plain.index).not.toBeInstanceOf(MutableEntityIndex)
    expect(decide(withChanges, 'alice').decision).toBe('Permit')
    // Ids in any case, and a principal nobody is.
    for (const principal of ['alice', 'ALICE', 'Alice', 'bob'])
      expect(decide(withChanges, principal)).toEqual(decide(plain, principal))
  })
})
