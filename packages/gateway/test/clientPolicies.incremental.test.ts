import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import { canonicalJson } from '@rampart/evaluator'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { clients } from '../src/core/database/schema'
import { ClientPolicies, type ClientPolicyState } from '../src/signing/pipeline/clientPolicyState'
import { decideForClient } from '../src/signing/pipeline/decideForClient'
import { policy } from './support/signingClient'
import { registerTestClient } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

// Changes of one account, one membership, one policy through PATCH /v1/admin/clients/{id}: each decides the next
// request (permit → forbid and back), the state brought forward in place equals one built anew from the stored row,
// and a second ClientPolicies on the same database (another gateway) follows the same recorded changes.

const fixture = JSON.parse(
  readFileSync(new URL('../../../fixtures/requests/erc20-transfer-usdt.json', import.meta.url), 'utf8'),
)
const rpc = fixture.request
const sender = rpc.params[0].from as string
const tokens = JSON.parse(
  readFileSync(new URL('../../../fixtures/requests/entities.json', import.meta.url), 'utf8'),
).tokens as Record<string, unknown>[]

const gateway = useTestGateway()
let clientId: string
let entities: Record<string, unknown[]>
const senderAccount = { id: 'sender', address: sender, accountType: 'eoa', chainId: 1 }
const inVault = { accountId: 'sender', groupId: 'vault' }
const permitVault = policy('permit-vault-transfers', 'permit', [
  { criterion: 'checkAction', args: ['signTransaction'] },
  { criterion: 'checkIntentType', args: ['erc20Transfer'] },
  { criterion: 'checkAccountGroup', args: ['vault'] },
])
const forbidAlice = policy('forbid-alice', 'forbid', [{ criterion: 'checkPrincipalId', args: ['alice'] }])

/** Far enough apart that each decision reads the client's row again (the cache keeps a state for a second). */
let clock = Date.now()
const later = () => (clock += 10_000)

beforeAll(async () => {
  const key = await generateSigningJwk('ES256K', 'alice-key')
  entities = {
    users: [
      { id: 'alice', role: 'member' },
      { id: 'bob', role: 'member' },
    ],
    userGroups: [],
    userGroupMembers: [],
    userAccounts: [{ userId: 'alice', accountId: 'sender' }],
    credentials: [{ id: 'alice-key', userId: 'alice', key: key.publicJwk }],
    accounts: [
      senderAccount,
      { id: 'other', address: `0x${'1'.repeat(40)}`, accountType: 'eoa', chainId: 1 },
    ],
    accountGroups: [{ id: 'vault' }],
    accountGroupMembers: [inVault],
    tokens,
    addressBook: [],
  }
  clientId = (await registerTestClient(gateway, ['EdDSA'], { entities, policies: [permitVault] })).clientId
})

async function patch(body: Record<string, unknown>) {
  const response = await gateway.app.inject({
    method: 'PATCH',
    url: `/v1/admin/clients/${clientId}`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
    payload: body,
  })
  expect(response.statusCode, response.body).toBe(200)
}

const withEntities = (changes: Partial<Record<string, unknown[]>>) =>
  patch({ entities: { ...entities, ...changes } })

function decide(state: ClientPolicyState) {
  const decoded = decodeRequest(rpc, state.index ? { entities: state.index } : {})
  return decideForClient(state, {
    principal: 'alice-key',
    decoded: decoded as never,
    signer: { address: sender, chainId: 1 },
    historyTotals: undefined,
    now: 1_900_000_000,
  }).decision
}

/** The entities document with each collection sorted: the order an index writes them out in is not the stored one. */
const sorted = (document: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(document)
      .filter(([, items]) => Array.isArray(items))
      .map(([name, items]) => [name, (items as unknown[]).map((item) => canonicalJson(item)).sort()]),
  )

/** What a state decides with, compared with the same client's state built anew by a gateway that just started. */
async function expectSameAsRebuilt(state: ClientPolicyState) {
  const fresh = await new ClientPolicies(gateway.database.db).forClient(clientId)
  expect(state.logState).toEqual(fresh.logState)
  expect(sorted(state.entities as never)).toEqual(sorted(fresh.entities as never))
  expect(state.decimals).toEqual(fresh.decimals)
  expect(state.currencies).toEqual(fresh.currencies)
  expect(state.usesHistory).toBe(fresh.usesHistory)
  expect([...state.presets.keys()]).toEqual([...fresh.presets.keys()])
  expect(state.limitedPolicies).toEqual(fresh.limitedPolicies)
  expect(decide(state)).toEqual(decide(fresh))
  return fresh
}

describe('ClientPolicies: entity and policy changes through the admin API, applied in place', () => {
  const policies = () => gateway.app.clientPolicies

  it('a membership removed forbids the next request, put back permits it; the state equals a fresh one', async () => {
    const before = await policies().forClient(clientId, later())
    expect(decide(before).decision).toBe('Permit')

    await withEntities({ accountGroupMembers: [] })
    const removed = await policies().forClient(clientId, later())
    expect(decide(removed).decision).toBe('Forbid')
    // Changed in place: the state it replaced no longer decides (a request still holding it is refused).
    expect(decide(before)).toMatchObject({ decision: 'Forbid', reason: { code: 'EVALUATOR_UNAVAILABLE' } })
    await expectSameAsRebuilt(removed)

    await withEntities({})
    const restored = await policies().forClient(clientId, later())
    expect(decide(restored).decision).toBe('Permit')
    expect(decide(removed).reason?.code).toBe('EVALUATOR_UNAVAILABLE')
    await expectSameAsRebuilt(restored)
  })

  it('an account removed, then added again, in two changes in a row before the next decision', async () => {
    const before = await policies().forClient(clientId, later())
    const withoutSender = {
      accounts: entities.accounts?.filter((account) => account !== senderAccount),
      userAccounts: [],
      accountGroupMembers: [],
    }
    await withEntities(withoutSender)
    const gone = await policies().forClient(clientId, later())
    expect(decide(gone).decision).toBe('Forbid')
    await expectSameAsRebuilt(gone)

    // Two versions recorded between two decisions: both are applied, in order.
    await withEntities({
      ...withoutSender,
      users: [...(entities.users ?? []), { id: 'carol', role: 'admin' }],
    })
    await withEntities({})
    const back = await policies().forClient(clientId, later())
    expect(decide(back).decision).toBe('Permit')
    expect(decide(before).reason?.code).toBe('EVALUATOR_UNAVAILABLE')
    await expectSameAsRebuilt(back)
  })

  it('a policy added forbids, removed permits again; a token changed keeps the decimals in step', async () => {
    await patch({ policies: [permitVault, forbidAlice] })
    const forbidden = await policies().forClient(clientId, later())
    expect(decide(forbidden).decision).toBe('Forbid')
    expect(decide(forbidden).matchedPolicies).toContain('forbid-alice')
    await expectSameAsRebuilt(forbidden)

    await patch({ policies: [permitVault] })
    const permitted = await policies().forClient(clientId, later())
    expect(decide(permitted).decision).toBe('Permit')
    await expectSameAsRebuilt(permitted)

    const retokened = tokens.map((token, i) => (i === 0 ? { ...token, decimals: 8 } : token))
    await withEntities({ tokens: retokened })
    const changed = await policies().forClient(clientId, later())
    await expectSameAsRebuilt(changed)
    await withEntities({})
    await expectSameAsRebuilt(await policies().forClient(clientId, later()))
  })

  it('a key rotation keeps the state as it is: nothing it decides with changed', async () => {
    const before = await policies().forClient(clientId, later())
    const key = await generateSigningJwk('EdDSA', `${clientId}-next`)
    await patch({ publicKeys: [key.publicJwk] })
    const after = await policies().forClient(clientId, later())
    expect(after).toBe(before)
    expect(decide(before).decision).toBe('Permit')
  })

  it('another gateway on the same database follows the recorded changes, in place', async () => {
    const other = new ClientPolicies(gateway.database.db)
    const before = await other.forClient(clientId, later())
    expect(decide(before).decision).toBe('Permit')
    await withEntities({ accountGroupMembers: [] })
    await patch({ policies: [permitVault, forbidAlice] })
    const after = await other.forClient(clientId, later())
    expect(decide(after)).toMatchObject({ decision: 'Forbid' })
    expect(decide(before).reason?.code).toBe('EVALUATOR_UNAVAILABLE')
    await expectSameAsRebuilt(after)

    await patch({ entities, policies: [permitVault] })
    const restored = await other.forClient(clientId, later())
    expect(decide(restored).decision).toBe('Permit')
    await expectSameAsRebuilt(restored)
  })

  it('requests that ask at once after a change share one catch-up: the changes are applied once', async () => {
    const other = new ClientPolicies(gateway.database.db)
    await other.forClient(clientId, later())
    await withEntities({ accountGroupMembers: [] })
    const at = later()
    const [one, two] = await Promise.all([other.forClient(clientId, at), other.forClient(clientId, at + 1)])
    expect(two).toBe(one)
    expect(decide(one).decision).toBe('Forbid')
    await expectSameAsRebuilt(one)
    await withEntities({})
    expect(decide(await other.forClient(clientId, later())).decision).toBe('Permit')
  })

  it('a version earlier than the one cached (written by a gateway whose clock is behind) is picked up too', async () => {
    const other = new ClientPolicies(gateway.database.db)
    expect(decide(await other.forClient(clientId, later())).decision).toBe('Permit')
    // As a write that records nothing here (an applied governance proposal) leaves the row, an hour back.
    await gateway.database.db
      .update(clients)
      .set({ policies: [permitVault, forbidAlice], updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(clients.clientId, clientId))
    expect(decide(await other.forClient(clientId, later())).decision).toBe('Forbid')
    await patch({ policies: [permitVault] })
    expect(decide(await other.forClient(clientId, later())).decision).toBe('Permit')
  })

  it('a gateway whose versions were not all recorded builds the state anew, and decides as a fresh one', async () => {
    const other = new ClientPolicies(gateway.database.db)
    const before = await other.forClient(clientId, later())
    await withEntities({ accountGroupMembers: [] })
    // As when this gateway was further behind than the versions kept.
    await gateway.database.db.execute(sql`delete from client_changes where client_id = ${clientId}`)
    const after = await other.forClient(clientId, later())
    expect(decide(after).decision).toBe('Forbid')
    // Built anew: the state it replaces was not changed under it.
    expect(decide(before).decision).toBe('Permit')
    await expectSameAsRebuilt(after)
    await withEntities({})
  })
})
