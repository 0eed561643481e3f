import { describe, expect, it } from 'vitest'
import { patternEngine } from './patternEngine'

describe('patternEngine', () => {
  it('matches exactly what the address patterns match', () => {
    const samples = [
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb4',
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb488',
      '0Xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      '1xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      '0xg0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb4\u00e9',
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb4\n',
      '',
      '0x',
    ]
    for (const pattern of ['^0x[0-9a-f]{40}$', '^0x[0-9a-fA-F]{40}$']) {
      const engine = patternEngine(pattern, 'u')
      const regExp = new RegExp(pattern, 'u')
      for (const sample of samples)
        expect(engine.test(sample), `${pattern} ${sample}`).toBe(regExp.test(sample))
    }
  })

  it('leaves other patterns to RegExp', () => {
    expect(patternEngine('^a+$', 'u')).toBeInstanceOf(RegExp)
  })
})
