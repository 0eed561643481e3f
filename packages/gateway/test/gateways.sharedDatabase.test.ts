import pg from 'pg'
import { type Hex, parseTransaction } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { signRequest } from '../src/auth/signRequest'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import type { GatewayProcess } from './support/gatewayProcess'
import {
  type DeploymentClient,
  deploymentOrigin as origin,
  type SharedDeployment,
  useSharedDeployment,
} from './support/sharedDeployment'
import { permitLargeWithTwoApprovers, policy } from './support/signingClient'

// Two `bin/start.ts` processes on one PostgreSQL database, with one config (secrets, public origin), each with a
// vault directory of its own: what a load balancer in front of several gateways looks like. Only PostgreSQL is
// shared by processes; CI runs this with DATABASE_URL set.
const serverUrl = process.env.DATABASE_URL
/** Each small transfer, and the spending limit: twenty of them fit. */
const small = '1000'
const limit = '20000'

let deployment: SharedDeployment
/** Every transaction the network was sent. */
const sentToNetwork = () => [...deployment.nodes.a.received, ...deployment.nodes.b.received]

/** Sends `value` wei on Ethereum through `gateway`. */
const send = (org: DeploymentClient, gateway: GatewayProcess, idempotenceId: string, value = small) =>
  deployment.send(org, gateway, idempotenceId, value)

const nonceOf = (signedTransaction: string) => parseTransaction(signedTransaction as Hex).nonce!
const ascending = (values: number[]) => [...values].sort((x, y) => x - y)
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

/** The signing requests of a connection as the database holds them. */
async function recorded(connectionId: string) {
  const client = new pg.Client({ connectionString: deployment.database.url })
  await client.connect()
  try {
    const { rows } = await client.query(
      'select request_id, idempotence_id, status, result from signing_requests where connection_id = $1',
      [connectionId],
    )
    return rows as {
      request_id: string
      idempotence_id: string
      status: string
      result: { signedTransaction?: string } | null
    }[]
  } finally {
    await client.end()
  }
}

describe.runIf(serverUrl)('two gateway processes on one PostgreSQL database', () => {
  const started = useSharedDeployment(serverUrl)
  let a: GatewayProcess
  let b: GatewayProcess
  beforeAll(() => {
    ;({ deployment, a, b } = started)
  })

  it('keeps limits, idempotence, replay protection and approvals across them, and signs each nonce once, in turn', async () => {
    const org = await deployment.register(a, b, [
      policy('daily-limit', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        { criterion: 'checkSpendingLimit', args: { limit, window: { type: 'rolling', seconds: 86400 } } },
      ]),
      permitLargeWithTwoApprovers,
    ])

    // One create sent to both at once: one record, one signature.
    const [once, again] = await Promise.all([send(org, a, 'twice'), send(org, b, 'twice')])
    expect([once.status, again.status], JSON.stringify([once.body, again.body])).toEqual([201, 201])
    expect(again.body.data.requestId).toBe(once.body.data.requestId)
    expect(again.body.data.signedTransaction).toBe(once.body.data.signedTransaction)

    // 24 creates split across the two: the limit leaves room for 19 more, and each signs its own nonce.
    const answers = await Promise.all(range(0, 24).map((i) => send(org, i % 2 ? a : b, `load-${i}`)))
    const signed = answers.filter((answer) => answer.status === 201)
    const refused = answers.filter((answer) => answer.status === 403)
    expect(signed.length, JSON.stringify(answers.filter((x) => x.status !== 201 && x.status !== 403))).toBe(
      19,
    )
    expect(refused.map((answer) => answer.body.code)).toEqual(Array(5).fill('POLICY_FORBIDDEN'))
    const nonces = [once, ...signed].map((answer) => nonceOf(answer.body.data.signedTransaction))
    expect(ascending(nonces)).toEqual(range(0, 20))
    // And the network was sent exactly those, each once.
    expect(ascending(sentToNetwork().map(nonceOf))).toEqual(range(0, 20))

    // A signed request accepted by one gateway is refused by the other.
    const headers = {
      'x-client-id': org.clientId,
      'detached-jws': await signRequest({
        method: 'GET',
        url: `${origin}/v1/provider/wallets`,
        privateJwk: org.privateJwk,
      }),
    }
    expect((await fetch(`${a.url}/v1/provider/wallets`, { headers })).status).toBe(200)
    const replayed = await fetch(`${b.url}/v1/provider/wallets`, { headers })
    expect(replayed.status).toBe(401)
    expect(((await replayed.json()) as { code: string }).code).toBe('JWS_REPLAYED')

    // Over the limit, but two approvers may let a large one through: created on one, approved on both.
    const large = await send(org, a, 'large', '5000000000000000000')
    expect(large.body.data.status, JSON.stringify(large.body)).toBe('pending_approval')
    const requestId = large.body.data.requestId
    const approve = (gateway: GatewayProcess, user: 'bob' | 'carol') =>
      signApproval(org.approvers[user]!.privateJwk, {
        clientId: org.clientId,
        kind: 'evm.sendTransaction',
        requestId,
      }).then((approval) =>
        org.client.send(
          gateway,
          'POST',
          `/v1/provider/evm/send-transaction/${requestId}/approve`,
          { approval },
          { 'x-connection-id': org.connectionId },
        ),
      )
    expect((await approve(b, 'bob')).body.data.status).toBe('pending_approval')
    const approved = await approve(a, 'carol')
    expect(approved.body.data.status, JSON.stringify(approved.body)).toBe('broadcast')
    expect(nonceOf(approved.body.data.signedTransaction)).toBe(20)
  }, 60_000)

  it('loses nothing and signs no nonce twice when one is killed (SIGKILL) under load and started again', async () => {
    const org = await deployment.register(b, a, [
      policy('permit-all', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
    ])
    deployment.nodes.a.reset()
    deployment.nodes.b.reset()
    const killed = a
    let answeredByKilled = 0
    const load = range(0, 30).map((i) => {
      const gateway = i % 2 ? killed : b
      return send(org, gateway, `kill-${i}`).then(
        (answer) => {
          if (gateway === killed) answeredByKilled++
          return { i, answer }
        },
        () => ({ i, answer: undefined }),
      )
    })
    while (answeredByKilled < 3) await new Promise((resolve) => setTimeout(resolve, 5))
    // Then killed the moment its node has a transaction of it that it has not answered for yet: sent, its request
    // not yet recorded. Its node holds the answer back meanwhile.
    deployment.nodes.a.stallMs = 2000
    const sentBefore = deployment.nodes.a.received.length
    while (deployment.nodes.a.received.length === sentBefore && answeredByKilled < 15) {
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    expect(
      deployment.nodes.a.received.length,
      'the gateway to kill answered all its share first',
    ).toBeGreaterThan(sentBefore)
    await killed.stop('SIGKILL')
    deployment.nodes.a.stallMs = undefined
    const settled = await Promise.all(load)
    const answered = settled.filter((s) => s.answer?.status === 201)
    const lost = settled.filter((s) => s.answer === undefined)
    expect(lost.length).toBeGreaterThan(0)
    expect(settled.every((s) => s.answer === undefined || s.answer.status === 201)).toBe(true)

    const restarted = await deployment.startGateway(deployment.nodes.a)
    // Asked again, a create the killed gateway had taken answers with its record: never a second signature.
    const retried = await Promise.all(lost.map(({ i }) => send(org, restarted, `kill-${i}`)))
    for (const answer of retried) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      expect(['processing', 'broadcast']).toContain(answer.body.data.status)
    }
    // Every answered signature is kept, as answered, and readable on both gateways.
    for (const { answer } of answered) {
      const { requestId, signedTransaction } = answer!.body.data
      for (const gateway of [restarted, b]) {
        const read = await org.client.send(
          gateway,
          'GET',
          `/v1/provider/evm/send-transaction/${requestId}`,
          undefined,
          { 'x-connection-id': org.connectionId },
        )
        expect(read.body.data).toMatchObject({ status: 'broadcast', signedTransaction })
      }
    }
    const before = (await recorded(org.connectionId)).flatMap((row) =>
      row.result?.signedTransaction ? [nonceOf(row.result.signedTransaction)] : [],
    )
    expect(before.length).toBeGreaterThanOrEqual(answered.length)
    expect(new Set(before).size).toBe(before.length)

    // Signing goes on from both, each nonce above every one used before the kill.
    const after = await Promise.all(range(0, 6).map((i) => send(org, i % 2 ? restarted : b, `after-${i}`)))
    const afterNonces = after.map((answer) => nonceOf(answer.body.data.signedTransaction))
    expect(new Set(afterNonces).size).toBe(6)
    expect(Math.min(...afterNonces)).toBeGreaterThan(Math.max(...before))
    const all = (await recorded(org.connectionId)).flatMap((row) =>
      row.result?.signedTransaction ? [nonceOf(row.result.signedTransaction)] : [],
    )
    expect(new Set(all).size).toBe(all.length)
    // What counts on chain: the network never got two transactions with one nonce, and got every one answered.
    const sent = sentToNetwork()
    expect(new Set(sent.map(nonceOf)).size, JSON.stringify(ascending(sent.map(nonceOf)))).toBe(sent.length)
    for (const { answer } of [...answered, ...after.map((answer) => ({ answer }))]) {
      expect(sent).toContain(answer!.body.data.signedTransaction)
    }
  }, 90_000)
})
