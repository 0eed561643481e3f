import { describe, expect, it } from 'vitest'
import {
  AMELIA,
  BINANCE,
  COLD,
  entities,
  INITECH,
  NORA,
  policies,
  SOFIA,
  usdcTransfer,
} from '../test/northwind'
import { buildInput } from './buildInput'
import { evaluationState } from './evaluationState'
import { BUILTIN_PRESETS } from './presets'

const state = () => evaluationState({ entities, policies, presets: BUILTIN_PRESETS })

describe('buildInput', () => {
  it('picks the same candidates for a request, whatever requests came before it', () => {
    const requests = [
      usdcTransfer({ principal: NORA, to: INITECH, amount: 1n, now: 1 }),
      usdcTransfer({ principal: SOFIA, to: BINANCE, amount: 5n, now: 1 }),
      usdcTransfer({ principal: NORA, from: COLD, to: INITECH, amount: 1n, now: 1 }),
      usdcTransfer({ principal: AMELIA, from: COLD, to: BINANCE, amount: 9n, now: 1 }),
      { ...usdcTransfer({ principal: NORA, to: INITECH, amount: 1n, now: 1 }), resource: 'no-such-account' },
      { ...usdcTransfer({ principal: 'nobody', to: INITECH, amount: 1n, now: 1 }) },
      {
        action: 'signMessage' as const,
        principal: NORA,
        resource: usdcTransfer({ principal: NORA, to: INITECH, amount: 1n }).resource,
      },
    ]
    const [first, second] = BUILTIN_PRESETS.map((preset) => preset.id)
    const presetLists = [[], [first], [first, second], [second, first], []] as string[][]
    const sequence = [...requests, ...[...requests].reverse()].flatMap((request) =>
      presetLists.map((presets) => ({ request, presets })),
    )
    const shared = state()
    const picked = sequence.map(({ request, presets }) => buildInput(request, presets, shared))
    const fresh = sequence.map(({ request, presets }) => buildInput(request, presets, state()))
    expect(picked).toEqual(fresh)
    expect(new Set(picked.map((input) => JSON.stringify(input.buckets))).size).toBeGreaterThan(2)
  })
})
