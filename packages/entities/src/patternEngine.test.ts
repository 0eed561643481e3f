import { describe, expect, it } from 'vitest'
import { patternEngine } from './patternEngine'

const pattern = '^0x[0-9a-fA-F]{40}$'
const regex = new RegExp(pattern)
const fast = patternEngine(pattern, '')
const lowerPattern = '^0x[0-9a-f]{40}$'
const lowerRegex = new RegExp(lowerPattern)
const lowerFast = patternEngine(lowerPattern, '')
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

/** Strings near the address shape: every kind of one-character damage, other lengths, other prefixes. */
function nearMisses(): string[] {
  const texts = [USDC, USDC.toLowerCase(), USDC.toUpperCase(), '', '0x', `${USDC}\n`, `\n${USDC}`, ` ${USDC}`]
  const replacements = ['g', 'G', 'x', ' ', '\n', '\u0000', 'é', '٣', '０', '/', ':', '@', '`', 'F', '0']
  for (const address of [USDC, USDC.toLowerCase()]) {
    for (let i = 0; i < address.length; i++) {
      for (const replacement of replacements)
        texts.push(address.slice(0, i) + replacement + address.slice(i + 1))
      texts.push(address.slice(0, i) + address.slice(i + 1))
      texts.push(`${address.slice(0, i)}a${address.slice(i)}`)
    }
  }
  return texts
}

describe('patternEngine', () => {
  it('matches exactly what the address pattern matches', () => {
    const texts = nearMisses()
    for (let i = 0; i < 2000; i++) {
      const length = 40 + (i % 5)
      let text = i % 3 === 0 ? '0X' : '0x'
      for (let j = 2; j < length; j++) text += String.fromCharCode(0x20 + ((i * 7919 + j * 104729) % 95))
      texts.push(text)
    }
    expect(texts.filter((text) => regex.test(text)).length).toBeGreaterThan(3)
    expect(texts.filter((text) => lowerRegex.test(text)).length).toBeGreaterThan(10)
    for (const text of texts) {
      expect(fast.test(text), JSON.stringify(text)).toBe(regex.test(text))
      expect(lowerFast.test(text), JSON.stringify(text)).toBe(lowerRegex.test(text))
    }
  })

  it('keys like the RegExp it stands for, and leaves every other pattern to RegExp', () => {
    expect(String(fast)).toBe(String(regex))
    expect(String(lowerFast)).toBe(String(lowerRegex))
    const other = patternEngine('^[a-z]+$', 'u')
    expect(other).toBeInstanceOf(RegExp)
    expect(other.test('abc')).toBe(true)
  })
})
