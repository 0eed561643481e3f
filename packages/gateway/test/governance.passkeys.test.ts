import { signPolicySetApproval, webauthnApprovalOf } from '@rampart/evaluator'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateSigningJwk, type SigningKeyPair } from '../src/core/crypto/generateSigningJwk'
import { requestFixture } from './support/requestFixtures'
import { SoftPasskey } from './support/softPasskey'
import { registerTestClient, type TestClient } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

const origin = 'http://localhost'

const gateway = useTestGateway()
let client: TestClient
const keys: Record<string, SigningKeyPair> = {}

type Proposal = {
  proposalId: string
  status: string
  statement: { setId: string; version: number; previousHash: string | null; contentHash: string }
  quorum: { met: boolean }
}

const admin = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
  gateway.app.inject({
    method,
    url: `/v1/admin/clients/${client.clientId}${path}`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const page = (url: string, body: unknown) =>
  gateway.app.inject({
    method: 'POST',
    url,
    headers: { origin, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })

const jwsApproval = (proposal: Proposal, userId: string) =>
  signPolicySetApproval(
    proposal.statement,
    keys[userId]!.privateJwk as Record<string, unknown>,
    `${userId}-key`,
  )

async function proposalOf(proposalId: string): Promise<Proposal> {
  const response = await admin('GET', `/proposals/${proposalId}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data
}

/** Approves with the JWS of each user given and applies: the proposal must then be live. */
async function approveAndApply(proposal: Proposal, approvals: unknown[]) {
  for (const approval of approvals) {
    const approved = await admin('POST', `/proposals/${proposal.proposalId}/approvals`, { approval })
    expect(approved.statusCode, approved.body).toBe(200)
  }
  const applied = await admin('POST', `/proposals/${proposal.proposalId}/apply`)
  expect(applied.statusCode, applied.body).toBe(200)
  return applied.json().data
}

async function enrol(userId: string, passkey: SoftPasskey) {
  const link = await admin('POST', '/passkey-enrolments', { userId })
  expect(link.statusCode, link.body).toBe(201)
  const token = new URL(link.json().data.url).hash.slice(1)
  const { options } = (await page('/v1/passkeys/enrol/options', { token })).json()
  return { token, done: await page('/v1/passkeys/enrol', { token, response: passkey.register(options) }) }
}

const credentialsOfClient = async () =>
  (await admin('GET', '')).json().data.entities.credentials as { id: string; webauthn?: unknown }[]

beforeAll(async () => {
  const entities = requestFixture('entities.json')
  for (const [userId, role] of [
    ['alice', 'admin'],
    ['bob', 'admin'],
  ] as const) {
    keys[userId] = await generateSigningJwk('ES256', `${userId}-key`)
    entities.users.push({ id: userId, role })
    entities.credentials.push({ id: `${userId}-key`, userId, key: keys[userId]!.publicJwk })
  }
  client = await registerTestClient(gateway, ['ES256K'], { entities, policies: [] })
})

describe('passkeys of a governed client', () => {
  const bobPasskey = new SoftPasskey(origin)

  it('enrols a passkey of a client not governed yet straight into its entities, as before', async () => {
    const early = new SoftPasskey(origin)
    const { done } = await enrol('alice', early)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ message: 'Your passkey is registered.' })
    expect(done.json().proposalId).toBeUndefined()
    const credentials = await credentialsOfClient()
    expect(credentials.some((credential) => credential.id === done.json().credentialId)).toBe(true)
  })

  it('proposes the passkey of a governed client instead of refusing it; it counts once the quorum applies it', async () => {
    // Governed: one admin approves any change.
    const oneAdmin = { quorum: { anyOf: [{ require: [{ role: 'admin', count: 1 }] }] } }
    const bootstrap = await admin('POST', '/proposals', { governance: oneAdmin })
    expect(bootstrap.statusCode, bootstrap.body).toBe(201)
    await approveAndApply(bootstrap.json().data, [jwsApproval(bootstrap.json().data, 'alice')])
    const before = await credentialsOfClient()

    const { token, done } = await enrol('bob', bobPasskey)
    expect(done.statusCode, done.body).toBe(200)
    const { proposalId, credentialId, message } = done.json()
    expect(proposalId).toMatch(/^prop_/)
    expect(message).toBe(`Your passkey waits for your organization's approval (proposal ${proposalId}).`)
    expect(done.json().approvalsUrl).toBeUndefined()
    // Nothing live changed, and the link is spent.
    expect(await credentialsOfClient()).toEqual(before)
    expect((await page('/v1/passkeys/enrol/options', { token })).statusCode).toBe(422)

    const proposal = await proposalOf(proposalId)
    expect(proposal).toMatchObject({ status: 'AWAITING_QUORUM', statement: { version: 2 } })
    const diff = (await admin('GET', `/proposals/${proposalId}/diff`)).json().data
    expect(diff.entities).toEqual({ credentials: { added: [credentialId], removed: [], changed: [] } })
    expect(diff.policies).toEqual({ added: [], removed: [], changed: [] })
    expect(diff.governanceChanged).toBe(false)

    // The admin key alone cannot make it count.
    const unapproved = await admin('POST', `/proposals/${proposalId}/apply`)
    expect(unapproved.json().code).toBe('PROPOSAL_QUORUM_NOT_MET')

    await approveAndApply(proposal, [jwsApproval(proposal, 'alice')])
    const added = (await credentialsOfClient()).find((credential) => credential.id === credentialId)
    expect(added).toMatchObject({ userId: 'bob', webauthn: { credentialId: bobPasskey.credentialId } })
  })

  it('leaves the link usable when the proposal is refused', async () => {
    // A second passkey with the WebAuthn id of bob's makes the proposed entities invalid.
    const clone = new SoftPasskey(origin)
    Object.defineProperty(clone, 'credentialId', { value: bobPasskey.credentialId })
    const { token, done } = await enrol('alice', clone)
    expect(done.statusCode, done.body).toBe(422)
    expect(done.json().code).toBe('PROPOSAL_INVALID')
    expect(done.json().context.issues[0].path).toMatch(
      /^\/entities\/credentials\/\d+\/webauthn\/credentialId$/,
    )
    expect((await page('/v1/passkeys/enrol/options', { token })).statusCode).toBe(200)
  })

  it('approves a proposal by passkey: options from the statement, a quorum of one JWS and one passkey applies', async () => {
    const change = async (body: Record<string, unknown>) => {
      const created = await admin('POST', '/proposals', body)
      expect(created.statusCode, created.body).toBe(201)
      return created.json().data as Proposal
    }
    // The live set names no relying party yet: its passkeys cannot approve.
    const early = await change({ description: 'no relying party yet' })
    const unavailable = await admin('GET', `/proposals/${early.proposalId}/passkey-options`)
    expect(unavailable.statusCode).toBe(409)
    expect(unavailable.json().code).toBe('PASSKEY_APPROVALS_UNAVAILABLE')

    const twoAdmins = {
      quorum: { anyOf: [{ require: [{ role: 'admin', count: 2 }] }] },
      webauthn: { rpId: 'localhost', origins: [origin] },
    }
    const governance = await change({ governance: twoAdmins })
    await approveAndApply(governance, [jwsApproval(governance, 'alice')])

    const proposal = await change({ description: 'a change two admins approve, one by passkey' })
    const answer = await admin('GET', `/proposals/${proposal.proposalId}/passkey-options`)
    expect(answer.statusCode, answer.body).toBe(200)
    const { options, passkeys, statement, origins } = answer.json().data
    expect(statement).toEqual(proposal.statement)
    expect(origins).toEqual([origin])
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
    expect(options.allowCredentials.map((allowed: { id: string }) => allowed.id)).toContain(
      bobPasskey.credentialId,
    )
    const bob = passkeys.find(
      (passkey: { webauthnId: string }) => passkey.webauthnId === bobPasskey.credentialId,
    )
    expect(bob.userId).toBe('bob')

    // An assertion over another proposal's challenge is refused, pointing at the approval.
    const otherChallenge = bobPasskey.assert(
      options.challenge.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A')),
    )
    const refused = await admin('POST', `/proposals/${proposal.proposalId}/approvals`, {
      approval: webauthnApprovalOf(bob.credentialId, otherChallenge.response),
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'APPROVAL_INVALID' })
    expect(refused.json().context.issues[0]).toMatchObject({ path: '/approval' })

    // A passkey the organization does not hold.
    const stranger = new SoftPasskey(origin).assert(options.challenge)
    const unknown = await admin('POST', `/proposals/${proposal.proposalId}/approvals`, {
      assertion: stranger,
    })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().context.issues[0]).toMatchObject({ path: '/assertion/id' })

    // The assertion as the browser returns it: the gateway finds bob's passkey credential by its WebAuthn id.
    const assertion = bobPasskey.assert(options.challenge)
    const half = await admin('POST', `/proposals/${proposal.proposalId}/approvals`, { assertion })
    expect(half.statusCode, half.body).toBe(200)
    expect(half.json().data).toMatchObject({ status: 'AWAITING_QUORUM', quorum: { met: false } })
    const applied = await approveAndApply(proposal, [jwsApproval(proposal, 'alice')])
    expect(applied.version).toBe(proposal.statement.version)
    expect(applied.approvals).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'webauthn', credentialId: bob.credentialId })]),
    )
  })
})
