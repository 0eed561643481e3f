import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../core/errors/gatewayError'
import { toBaseUnits } from './resolveTransferAsset'

describe('toBaseUnits', () => {
  it('converts asset units to base units exactly, beyond what a JS number holds', () => {
    expect(toBaseUnits('1.1', 18)).toBe(1_100_000_000_000_000_000n)
    expect(toBaseUnits('0.000001', 6)).toBe(1n)
    expect(toBaseUnits('42', 0)).toBe(42n)
    expect(toBaseUnits('123456789012345678901234567890.123456789012345678', 18)).toBe(
      123456789012345678901234567890123456789012345678n,
    )
  })

  it('refuses negative amounts, zero, and more decimals than the asset has, naming /amount', () => {
    for (const [amount, decimals, keyword] of [
      ['-1', 18, 'negative'],
      ['-0.5', 18, 'negative'],
      ['0', 18, 'zero'],
      ['0.000', 18, 'zero'],
      ['1.0000001', 6, 'decimals'],
      ['1.5', 0, 'decimals'],
    ] as const) {
      const error = (() => {
        try {
          toBaseUnits(amount, decimals)
        } catch (caught) {
          return caught
        }
      })()
      expect(error, amount).toBeInstanceOf(GatewayError)
      expect((error as GatewayError).code).toBe('AMOUNT_INVALID')
      expect((error as GatewayError).details?.issues).toEqual([
        expect.objectContaining({ path: '/amount', keyword }),
      ])
    }
  })
})
