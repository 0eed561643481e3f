import { readFileSync } from 'node:fs'
import * as opaWasm from '@open-policy-agent/opa-wasm'
import { describe, expect, it, vi } from 'vitest'
import { BINANCE, entities, NORA, policies, usdcTransfer } from '../test/northwind'
import { policy } from '../test/policy'
import { createEvaluator } from './createEvaluator'

const brokenLibrary = (name: string) =>
  new URL(`../../../fixtures/policies/wasm/${name}.wasm`, import.meta.url)
const request = usdcTransfer({ principal: NORA, to: BINANCE, amount: 1_000_000n, now: 1_741_953_600 })
const permitAll = [...policies, policy('permit-all', 'permit', [{ criterion: 'checkNonceNotExists' }])]

describe('the evaluator fails closed', () => {
  it('permits this request with the real library (so each refusal below is caused by the failure)', async () => {
    const evaluator = await createEvaluator({ entities, policies: permitAll })
    expect(evaluator.evaluate(request).decision).toBe('Permit')
  })

  it('refuses every request when the WASM file is missing', async () => {
    const evaluator = await createEvaluator({ entities, policies, wasm: brokenLibrary('does-not-exist') })
    expect(evaluator.unavailable).toMatch(/cannot be loaded/)
    expect(evaluator.evaluate(request)).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'EVALUATOR_UNAVAILABLE' },
    })
  })

  it('refuses every request when the WASM is corrupt', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../wasm/policy.wasm', import.meta.url)))
    bytes.fill(0xff, 64, 4096)
    for (const wasm of [bytes, new Uint8Array(0), new TextEncoder().encode('not wasm')]) {
      const evaluator = await createEvaluator({ entities, policies, wasm })
      expect(evaluator.evaluate(request).reason.code).toBe('EVALUATOR_UNAVAILABLE')
    }
  })

  it('refuses when the WASM aborts during evaluation, request after request', async () => {
    const evaluator = await createEvaluator({ entities, policies, wasm: brokenLibrary('trap') })
    expect(evaluator.unavailable).toBeUndefined()
    for (let i = 0; i < 2; i++) {
      expect(evaluator.evaluate(request)).toMatchObject({
        decision: 'Forbid',
        reason: { code: 'EVALUATION_FAILED' },
      })
    }
  })

  it('refuses a result that does not match the decision schema, even one that says Permit', async () => {
    const evaluator = await createEvaluator({ entities, policies, wasm: brokenLibrary('nonconforming') })
    expect(evaluator.evaluate(request)).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'INVALID_RESULT' },
    })
  })

  it('refuses when the library returns no decision', async () => {
    const evaluator = await createEvaluator({ entities, policies, wasm: brokenLibrary('undefined') })
    expect(evaluator.evaluate(request)).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'INVALID_RESULT' },
    })
  })

  it('refuses a request that does not match its schema, saying where', async () => {
    const evaluator = await createEvaluator({ entities, policies: permitAll })
    const bad = { ...request, action: 'signEverything', intent: { ...request.intent, amount: '-1' } }
    const decision = evaluator.evaluate(bad as never)
    expect(decision).toMatchObject({ decision: 'Forbid', reason: { code: 'INVALID_REQUEST' } })
    expect(decision.reason.errors?.map((error) => error.path)).toEqual(
      expect.arrayContaining(['/action', '/intent/amount']),
    )
    expect(evaluator.evaluate(null as never).reason.code).toBe('INVALID_REQUEST')
  })

  it('refuses, without throwing, an intent nested deeper than its bound, saying where', async () => {
    const evaluator = await createEvaluator({ entities, policies: permitAll })
    const nested = (levels: number) => {
      let intent: unknown = request.intent
      // A batch always names the contract that makes its calls (intent.schema.json requires it), in lowercase.
      const contract = BINANCE.toLowerCase()
      const batch = { type: 'batch', chainId: 1, to: contract, contract }
      for (let i = 0; i < levels; i++) intent = { ...batch, intents: [intent] }
      return { ...request, intent } as never
    }
    // Deep enough to exhaust the stack in the schema check: it threw a RangeError.
    for (const levels of [40, 5_000]) {
      const decision = evaluator.evaluate(nested(levels))
      expect(decision).toMatchObject({ decision: 'Forbid', reason: { code: 'INVALID_REQUEST' } })
      expect(decision.reason.errors?.[0]?.path).toBe(`/intent${'/intents/0'.repeat(32)}/intents`)
    }
    expect(evaluator.evaluate(nested(8)).reason.code).not.toBe('INVALID_REQUEST')
  })

  it('refuses unknown preset ids', async () => {
    const evaluator = await createEvaluator({ entities, policies: permitAll })
    const decision = evaluator.evaluate(request, { presets: ['no-such-preset'] })
    expect(decision).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'INVALID_REQUEST', errors: [{ path: '/presets/0' }] },
    })
  })

  it('refuses, without throwing, options that are not what the types say', async () => {
    const evaluator = await createEvaluator({ entities, policies: permitAll })
    // No options at all decides as without them.
    expect(evaluator.evaluate(request, null as never).decision).toBe('Permit')
    for (const options of [{ presets: 'erc20-address-book-only' }, { presets: [7] }, { presets: {} }]) {
      const decision = evaluator.evaluate(request, options as never)
      expect(decision, JSON.stringify(options)).toMatchObject({
        decision: 'Forbid',
        reason: { code: 'INVALID_REQUEST' },
      })
    }
  })
})

describe('the evaluator after an update the policy library fails to load', () => {
  type LoadedPolicyClass = { prototype: { setData(data: ArrayBuffer): void } }
  // opa-wasm is CommonJS: its class is a property of the module object.
  const module = opaWasm as unknown as {
    LoadedPolicy?: LoadedPolicyClass
    default?: { LoadedPolicy: LoadedPolicyClass }
  }
  const LoadedPolicy = (module.LoadedPolicy ?? module.default?.LoadedPolicy) as LoadedPolicyClass
  /**
   * setData as it fails when the WASM memory cannot grow for the new data: it has rewound the heap and written the
   * new JSON over the old data when parsing it runs out of memory.
   */
  function failingSetData(
    this: { wasmInstance: { exports: object }; mem: { buffer: ArrayBuffer }; baseHeapPtr: number },
    data: ArrayBuffer,
  ) {
    const exports = this.wasmInstance.exports as Record<string, (value?: number) => number>
    exports.opa_heap_ptr_set?.(this.baseHeapPtr)
    const at = exports.opa_malloc?.(data.byteLength) as number
    new Uint8Array(this.mem.buffer).set(new Uint8Array(data), at)
    throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded')
  }
  // Given with the policies, an organization is loaded whole (setData), not patched in.
  const larger = {
    ...entities,
    users: [
      ...entities.users,
      ...Array.from({ length: 3000 }, (_, i) => ({ id: `u${i}`, role: 'member' as const })),
    ],
  }

  it('decides with the old data, as update promises', async () => {
    const evaluator = await createEvaluator({ entities, policies: permitAll })
    const setData = vi
      .spyOn(LoadedPolicy.prototype, 'setData')
      .mockImplementationOnce(failingSetData as never)
    expect(() => evaluator.update({ entities: larger, policies: permitAll })).toThrow(RangeError)
    setData.mockRestore()
    expect(evaluator.evaluate(request).decision).toBe('Permit')
  })

  it('refuses every request when the old data cannot be put back either, until an update succeeds', async () => {
    // Made for the larger organization: the smaller one is loaded in place of its data, which the failure overwrote.
    const evaluator = await createEvaluator({ entities: larger, policies: permitAll })
    const setData = vi.spyOn(LoadedPolicy.prototype, 'setData').mockImplementation(failingSetData as never)
    expect(() => evaluator.update({ entities, policies: permitAll })).toThrow(RangeError)
    setData.mockRestore()
    expect(evaluator.unavailable).toMatch(/lost its data/)
    expect(evaluator.evaluate(request).reason.code).toBe('EVALUATOR_UNAVAILABLE')
    evaluator.update({ entities, policies: permitAll })
    expect(evaluator.unavailable).toBeUndefined()
    expect(evaluator.evaluate(request).decision).toBe('Permit')
  })

  it('loads an organization too large for its memory into a new instance, the old one in force until then', async () => {
    const evaluator = await createEvaluator({ entities, policies: permitAll })
    const setData = vi.spyOn(LoadedPolicy.prototype, 'setData').mockImplementation(failingSetData as never)
    expect(() => evaluator.update({ entities: larger, policies: permitAll })).toThrow(RangeError)
    // Only the new instance's data was overwritten: nothing is lost.
    expect(evaluator.unavailable).toBeUndefined()
    expect(evaluator.evaluate(request).decision).toBe('Permit')
    setData.mockRestore()
    evaluator.update({ entities: larger, policies: permitAll })
    expect(evaluator.evaluate(request).decision).toBe('Permit')
  })
})
