import { readFileSync } from 'node:fs'
import { loadPolicy } from '@open-policy-agent/opa-wasm'
import { describe, expect, it } from 'vitest'
import { ENTRYPOINTS } from './entrypoints'
import { policyCall } from './policyCall'

const wasm = readFileSync(new URL('../wasm/policy.wasm', import.meta.url))

describe('policyCall', () => {
  it('returns what opa-wasm evaluate returns, call after call and after setData', async () => {
    const policy = await loadPolicy(wasm)
    policy.setData({ entities: {}, sets: { org: { policies: [], buckets: {} } } })
    const decide = policyCall(policy, policy.entrypoints[ENTRYPOINTS.report])
    const input = { action: 'signRaw', principal: 'nobody', sets: ['org'], buckets: {} }
    const expected = policy.evaluate(input, ENTRYPOINTS.report)
    expect(expected[0].result.reason.code).toBe('UNKNOWN_PRINCIPAL')
    for (let i = 0; i < 3; i++) expect(decide(JSON.stringify(input))).toEqual(expected)
    policy.setData({
      entities: { users: { nobody: { role: 'member', groups: {} } } },
      sets: { org: { policies: [], buckets: {} } },
    })
    const [after] = decide(JSON.stringify(input)) as { result: { reason: { code: string } } }[]
    expect(after?.result.reason.code).toBe('NO_MATCHING_PERMIT')
  })

  it('grows the WASM memory for an input larger than what is left, and reads non-ASCII text back', async () => {
    const policy = await loadPolicy(wasm)
    const echo = policyCall(policy, policy.entrypoints[ENTRYPOINTS.noop])
    const before = policy.mem.buffer.byteLength
    const input = JSON.stringify({ payload: 'é€😀'.repeat(200_000) })
    expect(echo(input)).toEqual([{ result: true }])
    expect(policy.mem.buffer.byteLength).toBeGreaterThan(before)
  })

  it('goes through opa-wasm evaluate for a module without the one-shot opa_eval', async () => {
    const policy = await loadPolicy(wasm)
    Object.defineProperty(policy, 'minorVersion', { value: 1 })
    const call = policyCall(policy, policy.entrypoints[ENTRYPOINTS.noop])
    expect(call('{"action":"signRaw"}')).toEqual([{ result: true }])
  })
})
