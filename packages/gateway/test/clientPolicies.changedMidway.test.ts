import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { policy, type SigningSetup, sendEth, startSigningGateway } from './support/signingClient'

// A policy change that lands while a request is being decided (after the request took the client's state, before
// its decision) is applied to the client's evaluator in place, so the request's state no longer describes it. The
// request is decided again under the new policies: it answers as a request sent after the change would, never with
// a refusal that only says the policies moved.

const permitAll = policy('permit-all', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }])
const forbidAlice = policy('forbid-alice', 'forbid', [{ criterion: 'checkPrincipalId', args: ['alice'] }])

let setup: SigningSetup
beforeAll(async () => {
  setup = await startSigningGateway({ policies: [permitAll] })
})
afterAll(async () => {
  await setup.gateway.close()
})

async function setPolicies(policies: Record<string, unknown>[]) {
  const response = await setup.gateway.app.inject({
    method: 'PATCH',
    url: `/v1/admin/clients/${setup.client.clientId}`,
    headers: { 'x-api-key': setup.gateway.config.adminApiKey },
    payload: { policies },
  })
  expect(response.statusCode, response.body).toBe(200)
}

/**
 * Makes the next request's state stale: once that request has taken it, the policies are set to `policies` and
 * brought into the client's evaluator (as another request arriving then would), before the first one decides.
 */
function changeMidway(policies: Record<string, unknown>[]) {
  const clientPolicies = setup.gateway.app.clientPolicies
  const forClient = clientPolicies.forClient.bind(clientPolicies)
  let superseded: boolean | undefined
  clientPolicies.forClient = async (clientId, now) => {
    const state = await forClient(clientId, now)
    clientPolicies.forClient = forClient
    await setPolicies(policies)
    await forClient(clientId)
    superseded = state.superseded?.()
    return state
  }
  return () => superseded
}

describe('a policy change while a request is decided', () => {
  it('POST /evaluate decides the request again under the new policies', async () => {
    await setPolicies([permitAll])
    const request = {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [
        {
          from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          value: '0x1',
          chainId: '0x1',
        },
      ],
    }
    const wasSuperseded = changeMidway([permitAll, forbidAlice])
    const response = await setup.call('POST', '/evaluate', { request })
    expect(wasSuperseded(), 'the change did not reach the evaluator before the decision').toBe(true)
    expect(response.statusCode, response.body).toBe(200)
    const { decision } = response.json().data.attestation
    expect(decision.decision).toBe('Forbid')
    expect(decision.reason?.code).not.toBe('EVALUATOR_UNAVAILABLE')
    expect(JSON.stringify(decision)).toContain('forbid-alice')
  })

  it('a signing request is decided again: forbidden by the new policy, and permitted once it is gone', async () => {
    await setPolicies([permitAll])
    let wasSuperseded = changeMidway([permitAll, forbidAlice])
    const forbidden = await sendEth(setup, '1000', 'midway-forbidden')
    expect(wasSuperseded()).toBe(true)
    expect(forbidden.statusCode, forbidden.body).toBe(403)
    expect(forbidden.json().code).toBe('POLICY_FORBIDDEN')
    expect(forbidden.body).toContain('forbid-alice')
    expect(forbidden.body).not.toContain('EVALUATOR_UNAVAILABLE')

    wasSuperseded = changeMidway([permitAll])
    const permitted = await sendEth(setup, '1000', 'midway-permitted')
    expect(wasSuperseded()).toBe(true)
    expect(permitted.statusCode, permitted.body).toBe(201)
    expect(permitted.json().data.signedTransaction).toMatch(/^0x/)
  })
})
