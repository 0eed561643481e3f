// POST /v1/admin/clients/{id}/replay: the client's recorded requests decided again under a candidate, each with the
// history it had, on the gateway's own records (PGlite, or PostgreSQL with DATABASE_URL).
import { beforeAll, describe, expect, it } from 'vitest'
import { insertProposal } from './support/proposalRows'
import { policy, sendEth } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const dailyLimit = (limit: string) => [
  policy('daily-limit', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkSpendingLimit', args: { limit, window: { type: 'rolling', seconds: 86400 } } },
  ]),
]

const setup = useSigningGateway({ policies: dailyLimit('1500') })
const start = new Date(Date.now() - 60_000).toISOString()

const replay = (body: Record<string, unknown>, clientId = setup.client.clientId) =>
  setup.gateway.app.inject({
    method: 'POST',
    url: `/v1/admin/clients/${clientId}/replay`,
    headers: { 'x-api-key': setup.gateway.config.adminApiKey },
    payload: { from: start, to: new Date(Date.now() + 60_000).toISOString(), ...body },
  })

/** Live under 1,500 wei a day: 1,000 permitted, 1,000 refused, 400 permitted, 200 refused. */
const sent: { id: string; status: number }[] = []
beforeAll(async () => {
  for (const [i, value] of ['1000', '1000', '400', '200'].entries()) {
    const response = await sendEth(setup, value, `replay-${i}`)
    sent.push({
      id: response.json().data?.requestId ?? response.json().context?.requestId,
      status: response.statusCode,
    })
  }
})

describe('replay of recorded requests', () => {
  it('the live decisions are as the limit says', () => {
    expect(sent.map((request) => request.status)).toEqual([201, 403, 201, 403])
    for (const request of sent) expect(request.id).toEqual(expect.any(String))
  })

  it('a widened limit reports exactly the two refused requests it would permit, each with the history it had', async () => {
    const response = await replay({ candidate: { policies: dailyLimit('3000') } })
    expect(response.statusCode, response.body).toBe(200)
    const report = response.json().data
    expect(report).toMatchObject({
      requests: 4,
      unchanged: 2,
      widened: 2,
      narrowed: 0,
      transitions: { 'Forbid→Permit': 2 },
      truncated: false,
      nextFrom: null,
      examples: { offset: 0, limit: 5, nextOffset: null },
    })
    expect(report.groups).toHaveLength(1)
    expect(report.groups[0]).toMatchObject({
      from: 'Forbid',
      to: 'Permit',
      candidatePolicy: 'daily-limit',
      count: 2,
    })
    expect(report.groups[0].examples.map((example: { id: string }) => example.id)).toEqual([
      sent[1]?.id,
      sent[3]?.id,
    ])
  })

  it('a narrowed limit reports the permitted request it would refuse', async () => {
    // Under 1,200: the first 1,000 still fits; 1,000 + 400 does not.
    const report = (await replay({ candidate: { policies: dailyLimit('1200') } })).json().data
    expect(report.transitions).toEqual({ 'Permit→Forbid': 1 })
    expect(report.groups[0].examples[0]).toMatchObject({
      id: sent[2]?.id,
      live: { decision: 'Permit', decidingPolicy: 'daily-limit' },
      candidate: { decision: 'Forbid', reason: { code: 'NO_MATCHING_PERMIT' } },
    })
  })

  it("replays under a proposal's content", async () => {
    const proposalId = await insertProposal(
      setup.gateway,
      setup.client.clientId,
      { policies: dailyLimit('3000'), entities: setup.entities },
      'AWAITING_QUORUM',
    )
    const report = (await replay({ proposalId })).json().data
    expect(report).toMatchObject({ proposalId, widened: 2, transitions: { 'Forbid→Permit': 2 } })
  })

  it('pages the examples and bounds the requests, saying where to continue', async () => {
    const paged = (
      await replay({ candidate: { policies: dailyLimit('3000') }, examples: { limit: 1 } })
    ).json().data
    expect(paged.groups[0].examples.map((example: { id: string }) => example.id)).toEqual([sent[1]?.id])
    expect(paged.examples).toEqual({ offset: 0, limit: 1, nextOffset: 1 })
    const next = (
      await replay({ candidate: { policies: dailyLimit('3000') }, examples: { limit: 1, offset: 1 } })
    ).json().data
    expect(next.groups[0].examples.map((example: { id: string }) => example.id)).toEqual([sent[3]?.id])
    expect(next.examples.nextOffset).toBeNull()
    const bounded = (await replay({ candidate: { policies: dailyLimit('3000') }, maxRequests: 2 })).json()
      .data
    expect(bounded).toMatchObject({ requests: 2, truncated: true, transitions: { 'Forbid→Permit': 1 } })
    // The rest, from where it stopped: the 400 and 200, with the history of the two before them.
    const rest = (
      await replay({ candidate: { policies: dailyLimit('3000') }, from: bounded.nextFrom })
    ).json().data
    expect(rest).toMatchObject({ requests: 2, truncated: false, transitions: { 'Forbid→Permit': 1 } })
    expect(rest.groups[0].examples[0].id).toBe(sent[3]?.id)
  })

  it('refuses what it cannot replay with a clear error', async () => {
    const invalid = await replay({ candidate: { policies: [policy('x', 'maybe' as 'permit', [])] } })
    expect(invalid.statusCode).toBe(422)
    expect(invalid.json()).toMatchObject({ code: 'REPLAY_CANDIDATE_INVALID' })
    expect(invalid.json().context.issues[0].path).toMatch(/^\/candidate\/policies\/0/)
    const empty = await replay({ candidate: { policies: [] }, from: start, to: start })
    expect(empty.statusCode).toBe(422)
    expect(empty.json().context.issues).toEqual([{ path: '/to', message: 'must be after from' }])
    expect((await replay({ proposalId: 'none' })).json()).toMatchObject({ code: 'REPLAY_PROPOSAL_NOT_FOUND' })
    expect((await replay({ candidate: { policies: [] } }, 'no-such-client')).statusCode).toBe(404)
    const both = await replay({ proposalId: 'x', candidate: { policies: [] } })
    expect(both.statusCode).toBe(422)
    const unauthenticated = await setup.gateway.app.inject({
      method: 'POST',
      url: `/v1/admin/clients/${setup.client.clientId}/replay`,
      payload: { from: start, to: start, candidate: { policies: [] } },
    })
    expect(unauthenticated.statusCode).toBe(401)
  })
})
