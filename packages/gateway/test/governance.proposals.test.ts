import { signPolicySetApproval } from '@rampart/evaluator'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SigningKeyPair } from '../src/core/crypto/generateSigningJwk'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { openProposal } from '../src/governance/openProposal'
import { requestFixture, usdtSender } from './support/requestFixtures'
import { policy } from './support/signingClient'
import { registerTestClient, signedInject, type TestClient } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

const usdtTransfer = requestFixture('erc20-transfer-usdt.json').request // 160 USDT

const gateway = useTestGateway()
let client: TestClient
const keys: Record<string, SigningKeyPair> = {}
const people = { root: 'root', alice: 'admin', bob: 'admin', mallory: 'member' } as const

/** A permit of ERC-20 transfers from the test account up to `limit` USDT (base units of 6 decimals). */
const transfersUpTo = (limit: number) => [
  policy('permit-usdt-transfers', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkIntentType', args: ['erc20Transfer'] },
    { criterion: 'checkAccountId', args: ['usdt-sender'] },
    { criterion: 'checkIntentAmount', args: { operator: 'lte', value: String(limit * 1_000_000) } },
  ]),
]
const twoAdminsOrRootAndAdmin = {
  quorum: {
    anyOf: [
      { require: [{ role: 'admin', count: 2 }] },
      {
        require: [
          { role: 'root', count: 1 },
          { role: 'admin', count: 1 },
        ],
      },
    ],
  },
}

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
  gateway.app.inject({
    method,
    url: `/v1/admin/clients/${client.clientId}${path}`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

type Proposal = {
  proposalId: string
  status: string
  version: number
  statement: { setId: string; version: number; previousHash: string | null; contentHash: string }
  quorum: { met: boolean; rule: string }
}

async function propose(body: unknown, path = '/proposals'): Promise<Proposal> {
  const response = await admin('POST', path, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().data
}

const approval = (proposal: Proposal, userId: string) =>
  signPolicySetApproval(
    proposal.statement,
    keys[userId]!.privateJwk as Record<string, unknown>,
    `${userId}-key`,
  )
const approve = (proposal: Proposal, userId: string) =>
  admin('POST', `/proposals/${proposal.proposalId}/approvals`, { approval: approval(proposal, userId) })
const apply = (proposal: Proposal) => admin('POST', `/proposals/${proposal.proposalId}/apply`)

async function decision() {
  // The client's policy state is read again at most once a second; this gateway applied the change itself.
  const response = await signedInject(gateway, client, {
    method: 'POST',
    url: '/evaluate',
    body: { request: usdtTransfer },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data.attestation
}

const attestationPayload = (jws: string) =>
  JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString())

beforeAll(async () => {
  const requestKey = await generateSigningJwk('ES256K', 'requester-key')
  const entities = requestFixture('entities.json')
  entities.users.push({ id: 'requester', role: 'member' })
  entities.credentials.push({ id: 'requester-key', userId: 'requester', key: requestKey.publicJwk })
  const algorithms = ['ES256K', 'EdDSA', 'ES256', 'EdDSA'] as const
  for (const [at, [userId, role]] of Object.entries(people).entries()) {
    keys[userId] = await generateSigningJwk(algorithms[at]!, `${userId}-key`)
    entities.users.push({ id: userId, role })
    entities.credentials.push({ id: `${userId}-key`, userId, key: keys[userId]!.publicJwk })
  }
  entities.accounts.push(usdtSender())
  const registered = await registerTestClient(gateway, [], {
    publicKeys: [requestKey.publicJwk],
    entities,
    policies: transfersUpTo(100),
  })
  client = { ...registered, keys: [requestKey], key: requestKey }
})

describe('policy governance: proposals approved by a quorum of the organization', () => {
  let bootstrap: Proposal

  it('bootstraps explicitly: the first set needs the quorum it declares, and the admin key alone cannot apply it', async () => {
    const noGovernance = await admin('POST', '/proposals', {})
    expect(noGovernance.statusCode).toBe(422)
    expect(noGovernance.json().context.issues[0].path).toBe('/governance')

    // A quorum no one in the organization could meet would lock its policies for good.
    const threeRoots = { quorum: { anyOf: [{ require: [{ role: 'root', count: 3 }] }] } }
    const lockout = await admin('POST', '/proposals', { governance: threeRoots })
    expect(lockout.statusCode).toBe(422)
    expect(lockout.json().context.issues[0].path).toBe('/governance/quorum')

    bootstrap = await propose({ governance: twoAdminsOrRootAndAdmin, description: 'First signed set' })
    expect(bootstrap).toMatchObject({ status: 'AWAITING_QUORUM', version: 1, kind: 'bootstrap' })
    expect(bootstrap.statement).toMatchObject({ setId: client.clientId, version: 1, previousHash: null })

    const unapproved = await apply(bootstrap)
    expect(unapproved.statusCode).toBe(409)
    expect(unapproved.json().code).toBe('PROPOSAL_QUORUM_NOT_MET')

    const first = await approve(bootstrap, 'alice')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toMatchObject({ status: 'AWAITING_QUORUM', quorum: { met: false } })
    // A member's approval verifies but does not count toward two admins or a root and an admin.
    expect((await approve(bootstrap, 'mallory')).json().data.quorum.met).toBe(false)
    expect((await apply(bootstrap)).statusCode).toBe(409)

    const second = await approve(bootstrap, 'bob')
    expect(second.json().data).toMatchObject({ status: 'APPROVED', quorum: { met: true } })
    const applied = await apply(bootstrap)
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json().data).toMatchObject({ version: 1, contentHash: bootstrap.statement.contentHash })

    const attestation = await decision()
    expect(attestation.decision.decision).toBe('Forbid')
    expect(attestationPayload(attestation.signature).policySet).toEqual({
      setId: client.clientId,
      version: 1,
      contentHash: bootstrap.statement.contentHash,
      entitiesHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
  })

  it('refuses PATCH of policies, entities or presets once governed: the admin key cannot widen a limit', async () => {
    const widened = await admin('PATCH', '', { policies: transfersUpTo(1_000) })
    expect(widened.statusCode).toBe(409)
    expect(widened.json()).toMatchObject({ code: 'POLICIES_GOVERNED' })
    expect(widened.json().message).toMatch(/proposals/)
    expect((await admin('PATCH', '', { presets: ['erc20-address-book-only'] })).statusCode).toBe(409)
    const removed = await admin('POST', '/entity-changes', {
      changes: [{ op: 'remove', collection: 'users', id: 'no-such-user' }],
    })
    expect(removed.statusCode).toBe(409)
    expect(removed.json()).toMatchObject({ code: 'POLICIES_GOVERNED' })
    expect((await admin('PATCH', '', { name: 'Renamed' })).statusCode).toBe(200)
    expect((await decision()).decision.decision).toBe('Forbid')
  })

  it('never applies a proposal without quorum, nor with an altered or misdirected approval', async () => {
    const widening = await propose({ policies: transfersUpTo(1_000), description: 'Raise to 1,000 USDT' })
    expect(widening).toMatchObject({ version: 2, kind: 'change' })

    const diff = await admin('GET', `/proposals/${widening.proposalId}/diff`)
    expect(diff.json().data).toMatchObject({
      liveVersion: 1,
      policies: { added: [], removed: [], changed: ['permit-usdt-transfers'] },
      entities: {},
      governanceChanged: false,
    })

    const tampered = approval(widening, 'alice')
    tampered.signature = `${tampered.signature.slice(0, -4)}AAAA`
    const altered = await admin('POST', `/proposals/${widening.proposalId}/approvals`, { approval: tampered })
    expect(altered.statusCode).toBe(422)
    expect(altered.json()).toMatchObject({ code: 'APPROVAL_INVALID' })
    expect(altered.json().context.issues[0].path).toBe('/approval')

    // An approval of the bootstrap's statement does not count for version 2.
    const replayed = await admin('POST', `/proposals/${widening.proposalId}/approvals`, {
      approval: approval(bootstrap, 'alice'),
    })
    expect(replayed.statusCode).toBe(422)

    expect((await approve(widening, 'alice')).json().data.quorum.met).toBe(false)
    expect((await apply(widening)).statusCode).toBe(409)
    expect((await decision()).decision.decision).toBe('Forbid')

    const rejected = await admin('POST', `/proposals/${widening.proposalId}/reject`, { reason: 'Too wide' })
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', closedReason: 'Too wide' })
    expect((await approve(widening, 'bob')).json()).toMatchObject({ code: 'PROPOSAL_CLOSED' })
  })

  it('applies a change a quorum of two admins approved, keeps every version, and rolls back by a proposal', async () => {
    const widening = await propose({ policies: transfersUpTo(1_000) })
    const shadowed = await admin('POST', `/proposals/${widening.proposalId}/shadow`)
    expect(shadowed.json().data.status).toBe('APPROVED_FOR_SHADOW')
    await approve(widening, 'alice')
    const approved = await approve(widening, 'bob')
    // In shadow it stays in shadow until promoted; the quorum is met.
    expect(approved.json().data).toMatchObject({ status: 'APPROVED_FOR_SHADOW', quorum: { met: true } })

    const other = await propose({ presets: ['erc20-address-book-only'] })
    const applied = await apply(widening)
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json().data.version).toBe(2)
    const permitted = await decision()
    expect(permitted.decision.decision).toBe('Permit')
    expect(attestationPayload(permitted.signature).policySet.version).toBe(2)
    // Proposed after version 1: its approvals would sign the wrong predecessor.
    const superseded = await admin('GET', `/proposals/${other.proposalId}`)
    expect(superseded.json().data.status).toBe('SUPERSEDED')

    const versions = await admin('GET', '/policy-versions')
    expect(versions.json().data.map((version: { version: number }) => version.version)).toEqual([2, 1])
    const first = await admin('GET', '/policy-versions/1')
    expect(first.json().data).toMatchObject({ version: 1, previousHash: null, approvals: expect.any(Array) })
    expect((await admin('GET', '/policy-versions/9')).statusCode).toBe(404)

    const rollback = await propose({ description: 'Back to 100 USDT' }, '/policy-versions/1/rollback')
    expect(rollback).toMatchObject({ kind: 'rollback', version: 3, rollbackOf: 1 })
    expect(rollback.statement.contentHash).toBe(bootstrap.statement.contentHash)
    expect((await apply(rollback)).statusCode).toBe(409)
    await approve(rollback, 'root')
    await approve(rollback, 'alice')
    const rolledBack = await apply(rollback)
    expect(rolledBack.statusCode, rolledBack.body).toBe(200)
    const forbidden = await decision()
    expect(forbidden.decision.decision).toBe('Forbid')
    expect(attestationPayload(forbidden.signature).policySet).toMatchObject({
      version: 3,
      contentHash: bootstrap.statement.contentHash,
    })

    // The decision log records each proposal's life and each applied change, naming the proposal.
    const log = await admin('GET', '/log')
    expect(log.statusCode, log.body).toBe(200)
    const entries = log.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    const kinds = entries.map((entry: { kind: string }) => entry.kind)
    expect(kinds).toEqual(
      expect.arrayContaining([
        'proposal.created',
        'proposal.approved',
        'proposal.rejected',
        'policies.changed',
      ]),
    )
    const changes = entries.filter((entry: { kind: string }) => entry.kind === 'policies.changed')
    expect(changes.at(-1).change.by).toBe(`proposal:${rollback.proposalId}`)
  })

  it('refuses every request when the live version stored was altered: the evaluator verifies it at load', async () => {
    const { policyVersions } = await import('../src/governance/governanceSchema')
    const { and, desc, eq } = await import('drizzle-orm')
    const db = gateway.database.db
    const [live] = await db
      .select()
      .from(policyVersions)
      .where(eq(policyVersions.clientId, client.clientId))
      .orderBy(desc(policyVersions.version))
      .limit(1)
    const where = and(eq(policyVersions.clientId, client.clientId), eq(policyVersions.version, live!.version))
    await db
      .update(policyVersions)
      .set({ content: { ...live!.content, policies: transfersUpTo(1_000_000) } })
      .where(where)
    gateway.app.clientPolicies.forget(client.clientId)
    const refused = await decision()
    expect(refused.decision).toMatchObject({ decision: 'Forbid', reason: { code: 'EVALUATOR_UNAVAILABLE' } })
    await db.update(policyVersions).set({ content: live!.content }).where(where)
    gateway.app.clientPolicies.forget(client.clientId)
    const restored = (await decision()).decision
    expect(restored.decision).toBe('Forbid')
    expect(restored.reason.code).not.toBe('EVALUATOR_UNAVAILABLE')
  })

  it("returns the static checks' warnings on a proposal, without blocking it", async () => {
    const unbounded = policy('permit-any-transfer', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction'] },
    ])
    const proposal = await propose({ policies: [...transfersUpTo(100), unbounded] })
    expect((proposal as unknown as { warnings: unknown[] }).warnings).toEqual([
      expect.objectContaining({
        code: 'permit-unbounded',
        path: expect.stringMatching(/^\/content\/policies\/1/),
      }),
    ])
    expect(proposal.status).toBe('AWAITING_QUORUM')
  })

  it('applies one of two approved proposals promoted together; the other is superseded', async () => {
    const one = await propose({ policies: transfersUpTo(120) })
    const other = await propose({ policies: transfersUpTo(150) })
    for (const proposal of [one, other]) {
      await approve(proposal, 'alice')
      await approve(proposal, 'bob')
    }
    const answers = await Promise.all([apply(one), apply(other)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const loser = answers.find((answer) => answer.statusCode === 409)!
    expect(loser.json()).toMatchObject({ code: 'PROPOSAL_CLOSED', context: { status: 'SUPERSEDED' } })
    const versions = (await admin('GET', '/policy-versions')).json().data
    expect(versions[0].version).toBe(versions[1].version + 1)
  })

  it('expires a proposal past its TTL', async () => {
    const shortLived = await propose({ policies: transfersUpTo(500), ttlSeconds: 60 })
    const later = new Date(Date.now() + 61_000)
    await expect(
      openProposal(gateway.database.db, client.clientId, shortLived.proposalId, later),
    ).rejects.toMatchObject({ code: 'PROPOSAL_CLOSED' })
  })

  it('refuses a stored set altered after approval: the evaluator verifies at apply', async () => {
    const change = await propose({ policies: transfersUpTo(200) })
    await approve(change, 'alice')
    await approve(change, 'bob')
    // Someone with database access widens the approved content.
    const { policyProposals } = await import('../src/governance/governanceSchema')
    const { eq } = await import('drizzle-orm')
    const [row] = await gateway.database.db
      .select()
      .from(policyProposals)
      .where(eq(policyProposals.proposalId, change.proposalId))
    const widened = { ...row!.content, policies: transfersUpTo(1_000_000) }
    await gateway.database.db
      .update(policyProposals)
      .set({ content: widened })
      .where(eq(policyProposals.proposalId, change.proposalId))
    const refused = await apply(change)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'POLICY_SET_REFUSED',
      context: { code: 'POLICY_SET_ALTERED' },
    })
    expect((await decision()).decision.decision).toBe('Forbid')
  })
})
