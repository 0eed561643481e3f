import { readFileSync } from 'node:fs'
import { loadPolicy } from '@open-policy-agent/opa-wasm'
import { describe, expect, it } from 'vitest'
import { canPatch, patchPolicyData, setPolicyData } from './patchPolicyData'

const wasm = readFileSync(new URL('../wasm/policy.wasm', import.meta.url))
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer
/** Where the data ends and each evaluation's scratch starts (opa-wasm's own field). */
const dataEnd = (policy: object) => (policy as { dataHeapPtr: number }).dataHeapPtr

/** The data a policy holds, as the module writes it out (opa_json_dump). */
function loaded(policy: Awaited<ReturnType<typeof loadPolicy>>): unknown {
  const exports = policy.wasmInstance.exports as unknown as { opa_json_dump(addr: number): number }
  const at = exports.opa_json_dump((policy as unknown as { dataAddr: number }).dataAddr)
  const memory = new Uint8Array(policy.mem.buffer)
  return JSON.parse(new TextDecoder().decode(memory.subarray(at, memory.indexOf(0, at))))
}

/** A list as large as a hundred policies': a patch of it is a large value. */
const list = (tag: string) =>
  Array.from({ length: 400 }, (_, i) => ({
    id: `policy-${i}`,
    tag,
    criteria: [['family', `check${i}`, [i, `${tag}`]]],
  }))

describe('patchPolicyData', () => {
  it('patches values in place, and reuses the memory of what it replaces', async () => {
    const policy = await loadPolicy(wasm, { initial: 64 })
    expect(canPatch(policy)).toBe(true)
    setPolicyData(policy, json({ sets: { org: { policies: list('a'), buckets: { 0: [[0, []]] } } } }))
    const growth: number[] = []
    for (let round = 0; round < 12; round++) {
      const before = dataEnd(policy)
      patchPolicyData(policy, [
        { path: ['sets', 'org', 'policies'], value: list(round % 2 === 0 ? 'b' : 'a'), replaces: true },
        // A value replaced under its key: the parsed path is freed too.
        { path: ['sets', 'org', 'buckets', '0'], value: [[round, []]], replaces: true },
        { path: ['sets', 'org', 'buckets', String(round + 1)], value: [[round, []]] },
        { path: ['sets', 'org', 'buckets', String(round)] },
      ])
      growth.push(dataEnd(policy) - before)
    }
    const bytes = JSON.stringify(list('a')).length
    // Once the first replaced values are free, a round takes next to no new memory: not the list's size again.
    expect(Math.max(...growth.slice(2))).toBeLessThan(bytes / 10)
    // And the data is what the patches made it.
    expect(loaded(policy)).toEqual({
      sets: { org: { policies: list('a'), buckets: { 0: [[11, []]], 12: [[11, []]] } } },
    })
  })

  it('forgets the freed memory when the data is loaded whole again', async () => {
    const policy = await loadPolicy(wasm, { initial: 64 })
    setPolicyData(policy, json({ sets: { org: { policies: list('a') } } }))
    patchPolicyData(policy, [{ path: ['sets', 'org', 'policies'], value: list('b') }])
    // The same data again ends where it ended before: memory freed by the patch above lies inside it now.
    setPolicyData(policy, json({ sets: { org: { policies: list('a') } } }))
    const end = dataEnd(policy)
    patchPolicyData(policy, [{ path: ['sets', 'org', 'policies'], value: list('c') }])
    patchPolicyData(policy, [{ path: ['sets', 'org', 'policies'], value: list('a') }])
    expect(dataEnd(policy)).toBeGreaterThanOrEqual(end)
    expect(loaded(policy)).toEqual({ sets: { org: { policies: list('a') } } })
  })
})
