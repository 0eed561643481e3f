import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  BINANCE,
  decodeIntent,
  entities,
  erc20TransferRpc,
  INITECH,
  NORA,
  policies,
  TREASURY_HOT,
  USDC,
} from '../test/northwind'
import { createEvaluator } from './createEvaluator'
import type { EvaluationRequest } from './generated/evaluationRequest'
import { BUILTIN_PRESETS } from './presets'
import { validatePresets } from './validatePolicies'

const presetsDir = new URL('../../../policies/presets/', import.meta.url)
const transferTo = (to: string): EvaluationRequest => ({
  action: 'signTransaction',
  principal: NORA,
  resource: `eip155:1:${TREASURY_HOT}`,
  intent: decodeIntent(erc20TransferRpc(TREASURY_HOT, USDC, to, 1_000_000n)) as EvaluationRequest['intent'],
})

describe('presets', () => {
  it('ships every preset file of policies/presets, each valid against preset.schema.json', () => {
    const files = readdirSync(presetsDir).filter((name) => name.endsWith('.json'))
    expect(files.length).toBeGreaterThanOrEqual(5)
    const presets = files.map((name) => JSON.parse(readFileSync(new URL(name, presetsDir), 'utf8')))
    expect(validatePresets(presets)).toEqual({ valid: true, issues: [] })
    expect(BUILTIN_PRESETS.map((preset) => preset.id).sort()).toEqual(
      presets.map((preset) => preset.id).sort(),
    )
    for (const [i, file] of files.entries()) expect(`${presets[i].id}.json`).toBe(file)
  })

  it('reports the expected behaviour of a request against the presets asked for', async () => {
    const evaluator = await createEvaluator({ entities, policies })
    const presets = ['erc20-address-book-only', 'permit2-bounded-approvals']
    const toCounterparty = evaluator.evaluate(transferTo(BINANCE), { presets })
    expect(toCounterparty.policyEvaluation).toEqual({
      expectedBehavior: true,
      matchedPresets: [
        { presetId: 'erc20-address-book-only', matchedPolicies: ['erc20-transfer-to-address-book'] },
      ],
    })
    const toExternal = evaluator.evaluate(transferTo(INITECH), { presets })
    expect(toExternal.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
    expect(evaluator.evaluate(transferTo(BINANCE)).policyEvaluation).toBeUndefined()
  })
})
