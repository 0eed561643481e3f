// Shadow mode: a proposal approved for shadow is decided beside the live set on real traffic. The live decision is
// the one enforced, whatever the shadow decides; where they differ, a divergence is recorded and listed.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ShadowDivergence } from '../src/generated/replay/shadowDivergence'
import { policyProposals } from '../src/governance/governanceSchema'
import { insertProposal } from './support/proposalRows'
import { policy, type SigningSetup, sendEth } from './support/signingClient'
import { useSharedSigningGateway, useSigningClient } from './support/useTestGateway'

const dailyLimit = (limit: string) => [
  policy('daily-limit', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkSpendingLimit', args: { limit, window: { type: 'rolling', seconds: 86400 } } },
  ]),
]
const permitAll = [policy('permit-all', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }])]

const gateway = useSharedSigningGateway()
const shadowed = useSigningClient(gateway, { policies: dailyLimit('1500') })
const plain = useSigningClient(gateway, { policies: dailyLimit('1500') })

type Divergence = ShadowDivergence & {
  live: { reason: { code: string } }
  shadow: { reason: { code: string } }
}

const divergences = async (setup: SigningSetup, query = '') => {
  await gateway.app.signing.shadow.settled()
  const response = await gateway.app.inject({
    method: 'GET',
    url: `/v1/admin/clients/${setup.client.clientId}/shadow/divergences${query}`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { data: Divergence[]; page: { next: string | null } }
}

/** What a request's answer says was decided and done. */
const outcome = (response: Awaited<ReturnType<typeof sendEth>>) => {
  const body = response.json()
  const decision =
    body.data?.sendTransactionRequest?.evaluation?.decision ?? body.context?.evaluation?.decision
  return {
    status: response.statusCode,
    decision: decision?.decision,
    reason: decision?.reason?.code,
    decidingPolicy: decision?.decidingPolicy,
  }
}

const VALUES = ['1000', '1000', '400', '200']
let shadowProposal: string

describe('shadow mode', () => {
  const enforced: { shadowed: ReturnType<typeof outcome>[]; plain: ReturnType<typeof outcome>[] } = {
    shadowed: [],
    plain: [],
  }
  const ids: string[] = []
  beforeAll(async () => {
    // A shadow set that would permit everything the live set refuses.
    shadowProposal = await insertProposal(gateway, shadowed.client.clientId, {
      policies: permitAll,
      entities: shadowed.entities,
    })
    for (const [i, value] of VALUES.entries()) {
      const withShadow = await sendEth(shadowed, value, `shadow-${i}`)
      ids.push(withShadow.json().data?.requestId ?? withShadow.json().context?.requestId)
      enforced.shadowed.push(outcome(withShadow))
      enforced.plain.push(outcome(await sendEth(plain, value, `shadow-${i}`)))
    }
  })

  it('never changes the enforced decision: the same requests without a shadow set are decided and run alike', () => {
    expect(enforced.shadowed.map((each) => each.status)).toEqual([201, 403, 201, 403])
    expect(enforced.shadowed).toEqual(enforced.plain)
    expect(shadowed.calls).toEqual(plain.calls)
  })

  it('records where the shadow set decided otherwise, and only there', async () => {
    const listed = await divergences(shadowed)
    expect(listed.data.map((each) => each.requestId)).toEqual([ids[1], ids[3]])
    expect(listed.data[0]).toMatchObject({
      proposalId: shadowProposal,
      source: 'signing',
      kind: expect.any(String),
      principal: 'alice-key',
      live: { decision: 'Forbid', reason: { code: 'NO_MATCHING_PERMIT' } },
      shadow: { decision: 'Permit', decidingPolicy: 'permit-all', reason: { code: 'PERMITTED' } },
    })
    expect((await divergences(plain)).data).toEqual([])
  })

  it('pages the divergences and filters them by source and period', async () => {
    const first = await divergences(shadowed, '?limit=1')
    expect(first.data.map((each) => each.requestId)).toEqual([ids[1]])
    const second = await divergences(shadowed, `?limit=1&cursor=${first.page.next}`)
    expect(second.data.map((each) => each.requestId)).toEqual([ids[3]])
    expect(second.page.next).toBeNull()
    expect((await divergences(shadowed, '?source=evaluate')).data).toEqual([])
    expect((await divergences(shadowed, `?to=${new Date(0).toISOString()}`)).data).toEqual([])
  })

  it('decides /evaluate in shadow too, under the newest proposal approved for shadow, its answer unchanged', async () => {
    // A stricter shadow replaces the first: it permits nothing. The shadow sets are looked up once a second.
    await gateway.database.db
      .update(policyProposals)
      .set({ status: 'REJECTED', updatedAt: new Date() })
      .where(eq(policyProposals.proposalId, shadowProposal))
    const strict = await insertProposal(gateway, shadowed.client.clientId, {
      policies: [],
      entities: shadowed.entities,
    })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const body = {
      request: {
        method: 'eth_sendTransaction',
        params: [
          {
            from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
            to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            value: '0x1',
            chainId: '0x1',
          },
        ],
      },
    }
    const evaluated = await shadowed.call('POST', '/evaluate', body)
    expect(evaluated.statusCode, evaluated.body).toBe(200)
    expect(evaluated.json().data.attestation.decision.decision).toBe('Permit')
    const sent = await sendEth(shadowed, '50', 'shadow-strict')
    expect(outcome(sent)).toMatchObject({ status: 201, decision: 'Permit' })
    const listed = (await divergences(shadowed, `?proposalId=${strict}`)).data
    // Both decided in the same second: in no particular order between them.
    const seen = listed.map((each) => [each.source, each.shadow.decision, each.live.decision]).sort()
    expect(seen).toEqual([
      ['evaluate', 'Forbid', 'Permit'],
      ['signing', 'Forbid', 'Permit'],
    ])
  })

  it('a proposal approved for shadow that cannot be loaded decides nothing, and the live decisions go on', async () => {
    await gateway.database.db
      .update(policyProposals)
      .set({ status: 'REJECTED', updatedAt: new Date() })
      .where(eq(policyProposals.clientId, shadowed.client.clientId))
    const broken = await insertProposal(gateway, shadowed.client.clientId, {
      policies: permitAll,
      entities: { users: 'not a list' },
    })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const sent = await sendEth(shadowed, '1', 'shadow-broken')
    expect(outcome(sent)).toMatchObject({ status: 201, decision: 'Permit' })
    expect((await divergences(shadowed, `?proposalId=${broken}`)).data).toEqual([])
  })

  it('lists nothing for an unknown client, and only with the admin key', async () => {
    const unknown = await gateway.app.inject({
      method: 'GET',
      url: '/v1/admin/clients/no-such-client/shadow/divergences',
      headers: { 'x-api-key': gateway.config.adminApiKey },
    })
    expect(unknown.statusCode).toBe(404)
    const anonymous = await gateway.app.inject({
      method: 'GET',
      url: `/v1/admin/clients/${shadowed.client.clientId}/shadow/divergences`,
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
