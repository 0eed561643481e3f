import { describe, expect, it } from 'vitest'
import { formatAmount } from './formatAmount'
import { formatDate, formatDuration } from './formatDate'
import { formatUnit } from './formatUnit'

describe('field renderers', () => {
  it('formats amounts at full precision without separators', () => {
    expect(formatAmount(1_870_000_000_000_000n, 18)).toBe('0.00187')
    expect(formatAmount(123456789012345678901234567n, 18)).toBe('123456789.012345678901234567')
    expect(formatAmount(2500n, 0)).toBe('2500')
    expect(formatAmount(-15n, 1)).toBe('-1.5')
  })

  it('formats dates in UTC and durations as HH:MM:SS', () => {
    expect(formatDate(1709191632n)).toBe('2024-02-29 07:27:12Z')
    expect(formatDate(0n)).toBe('1970-01-01 00:00:00Z')
    expect(formatDate(2n ** 64n)).toBeUndefined()
    expect(formatDuration(8250n)).toBe('02:17:30')
    expect(formatDuration(100n * 3600n)).toBe('100:00:00')
  })

  it('formats units with decimals and SI prefixes', () => {
    expect(formatUnit(10n, 'h', 0, false)).toBe('10h')
    expect(formatUnit(15n, 'd', 1, false)).toBe('1.5d')
    expect(formatUnit(36000n, 's', 0, true)).toBe('36ks')
    expect(formatUnit(500_000_000_000_000n, '', 0, true)).toBe('500T')
    expect(formatUnit(999n, 'bps', 0, true)).toBe('999bps')
  })
})
