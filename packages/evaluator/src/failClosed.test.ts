import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
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
