import { attestationPublicKey, type DecisionLogEntry, verifyLogChain } from '@rampart/evaluator'
import { describe, expect, it } from 'vitest'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { ONE_ETH, permitLargeWithTwoApprovers, policy, sendEth } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const forbidden = '0x000000000000000000000000000000000000dEaD'
const policies = [
  policy('forbid-dead', 'forbid', [{ criterion: 'checkDestinationAddress', args: [forbidden] }]),
  policy('permit-small', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkIntentAmount', args: { operator: 'lte', value: ONE_ETH } },
  ]),
  permitLargeWithTwoApprovers,
]
const setup = useSigningGateway({ policies })

let sequence = 0
const nextId = () => `log-${++sequence}-${Date.now()}`

/** The client's log through the admin API: the raw response and its entries. */
async function exportLog(query = '', clientId = setup.client.clientId) {
  const response = await setup.gateway.app.inject({
    method: 'GET',
    url: `/v1/admin/clients/${clientId}/log${query}`,
    headers: { 'x-api-key': setup.gateway.config.adminApiKey },
  })
  const entries = response.body
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as DecisionLogEntry)
  return { response, entries }
}

/** The gateway's public attestation key, as an operator hands it to `rampart log verify`. */
function gatewayKey() {
  const { d: _private, ...publicJwk } = setup.gateway.config.attestationKey
  return attestationPublicKey(publicJwk as Record<string, unknown>)
}

const approve = async (user: 'bob' | 'carol', requestId: string) => {
  const approval = await signApproval(setup.approvers[user]!.privateJwk, {
    clientId: setup.client.clientId,
    kind: 'evm.sendTransaction',
    requestId,
  })
  return setup.call('POST', `/v1/provider/evm/send-transaction/${requestId}/approve`, { approval })
}

describe('the decision log', () => {
  it('records registration, each decision, approval and policy change in order, chained and attested', async () => {
    expect((await sendEth(setup, '1000', nextId())).statusCode).toBe(201)
    const large = await sendEth(setup, `${ONE_ETH}0`, nextId())
    const requestId = large.json().data.requestId as string
    expect(large.json().data.status).toBe('pending_approval')
    expect((await approve('bob', requestId)).json().data.status).toBe('pending_approval')
    expect((await approve('carol', requestId)).statusCode).toBe(200)
    expect((await sendEth(setup, '1000', nextId(), { to: forbidden })).statusCode).toBe(403)
    const patched = await setup.gateway.app.inject({
      method: 'PATCH',
      url: `/v1/admin/clients/${setup.client.clientId}`,
      headers: { 'x-api-key': setup.gateway.config.adminApiKey },
      payload: { policies: policies.slice(1) },
    })
    expect(patched.statusCode, patched.body).toBe(200)

    const { response, entries } = await exportLog()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/)
    expect(response.headers['x-next-after-seq']).toBeUndefined()
    expect(entries.map((entry) => [entry.seq, entry.kind, entry.decided?.decision.decision])).toEqual([
      [1, 'policies.changed', undefined],
      [2, 'entities.changed', undefined],
      [3, 'decision', 'Permit'],
      [4, 'decision', 'Confirm'],
      [5, 'approval', undefined],
      [6, 'decision', 'Confirm'],
      [7, 'approval', undefined],
      [8, 'decision', 'Permit'],
      [9, 'decision', 'Forbid'],
      [10, 'policies.changed', undefined],
    ])
    const verified = verifyLogChain(response.body, { attestationKey: gatewayKey() })
    expect(verified.broken).toBeUndefined()
    expect(verified).toMatchObject({ entries: 10, firstSeq: 1, lastSeq: 10, headHash: entries[9]!.hash })

    // What a replay needs: the request as decided (amount, approvals), the state's hashes, the new policies whole.
    const permitted = entries[7]!
    expect(permitted.request).toEqual({ kind: 'evm.sendTransaction', requestId, status: 'processing' })
    expect(permitted.decided!.evaluationRequest).toMatchObject({
      principal: 'alice-key',
      intent: { amount: `${ONE_ETH}0` },
      approvals: ['bob', 'carol'],
    })
    expect(permitted.decided!.signer).toMatchObject({ chainId: 1 })
    expect(permitted.state).toEqual(entries[0]!.state)
    expect(entries[4]!.approver).toMatchObject({ userId: 'bob', credentialId: 'bob-key' })
    expect(entries[8]!.request!.status).toBe('forbidden')
    expect(entries[9]!.change!.policies!.map((p) => (p as { id: string }).id)).toEqual([
      'permit-small',
      'permit-large-with-two-approvers',
    ])
    expect(entries[9]!.state!.policiesHash).not.toBe(entries[0]!.state!.policiesHash)
    expect(entries[9]!.state!.entitiesHash).toBe(entries[0]!.state!.entitiesHash)
    // Nothing secret: no private key member anywhere in the export.
    expect(response.body).not.toMatch(/"d":/)
  })

  it('pages by sequence number and filters by time', async () => {
    const whole = await exportLog()
    const first = await exportLog('?limit=4')
    expect(first.entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4])
    expect(first.response.headers['x-next-after-seq']).toBe('4')
    const rest = await exportLog('?afterSeq=4&limit=10000')
    expect(rest.response.headers['x-next-after-seq']).toBeUndefined()
    expect(first.response.body + rest.response.body).toBe(whole.response.body)
    // A page after the first is a partial chain, which verifies from the hash before it.
    expect(
      verifyLogChain(rest.response.body, { previousHash: first.entries[3]!.hash }).broken,
    ).toBeUndefined()

    const later = await exportLog(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)
    expect(later.response.statusCode).toBe(200)
    expect(later.entries).toEqual([])
    const earlier = await exportLog(`?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)
    expect(earlier.response.body).toBe(whole.response.body)
  })

  it('answers 404 for an unknown client, 401 without the admin key, 422 for a bad query', async () => {
    expect((await exportLog('', 'no-such-client')).response.statusCode).toBe(404)
    const anonymous = await setup.gateway.app.inject({
      method: 'GET',
      url: `/v1/admin/clients/${setup.client.clientId}/log`,
    })
    expect(anonymous.statusCode).toBe(401)
    for (const query of ['?limit=0', '?limit=10001', '?afterSeq=-1', '?from=yesterday', '?other=1']) {
      expect((await exportLog(query)).response.statusCode, query).toBe(422)
    }
    const empty = await exportLog('?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z')
    expect(empty.response.statusCode).toBe(422)
    expect(empty.response.json().context.issues[0].path).toBe('/to')
  })

  it('keeps one chain when many decisions of a client run at once', async () => {
    const before = (await exportLog()).entries.length
    const sent = await Promise.all(Array.from({ length: 12 }, () => sendEth(setup, '1000', nextId())))
    expect(sent.map((response) => response.statusCode)).toEqual(sent.map(() => 201))
    const { response, entries } = await exportLog()
    expect(entries).toHaveLength(before + 12)
    expect(verifyLogChain(response.body, { attestationKey: gatewayKey() }).broken).toBeUndefined()
  })
})
