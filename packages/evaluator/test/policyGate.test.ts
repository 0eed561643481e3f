// The embedding example of the README (examples/policyGate.ts) runs as written: a permit, a forbid, a request the
// decoder cannot read, and input that is not JSON.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPolicyGate } from '../examples/policyGate'
import { BINANCE, entities, erc20TransferRpc, NORA, policies, TREASURY_HOT, USDC } from './northwind'

let server: Awaited<ReturnType<typeof startPolicyGate>>
let url: string

beforeAll(async () => {
  server = await startPolicyGate(entities, policies)
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise((closed) => server.close(closed)))

const post = (body: string, principal = NORA) =>
  fetch(url, { method: 'POST', body, headers: { 'x-principal': principal } })

describe('the embedding example', () => {
  it('permits what the Northwind policies permit, and forbids the rest', async () => {
    const small = await post(JSON.stringify(erc20TransferRpc(TREASURY_HOT, USDC, BINANCE, 1_000_000n)))
    expect(small.status).toBe(200)
    expect(await small.json()).toMatchObject({ decision: 'Permit' })
    const stranger = await post(JSON.stringify(erc20TransferRpc(TREASURY_HOT, USDC, BINANCE, 1n)), 'nobody')
    expect(await stranger.json()).toMatchObject({ decision: 'Forbid', reason: { code: 'UNKNOWN_PRINCIPAL' } })
  })

  it('refuses what the decoder cannot read, and what is not JSON, and bodies past a megabyte', async () => {
    const truncated = erc20TransferRpc(TREASURY_HOT, USDC, BINANCE, 1n)
    truncated.params[0]!.data = truncated.params[0]!.data.slice(0, 40)
    const refused = await post(JSON.stringify(truncated))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ reason: { code: 'DECODING_FAILED' } })
    expect((await post('{ nope')).status).toBe(403)
    expect((await post('x'.repeat(1_000_001))).status).toBe(413)
  })
})
