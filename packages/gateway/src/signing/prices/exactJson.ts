/**
 * Parses JSON with every number kept as the text it was written in: a price API writes prices as JSON numbers,
 * which JSON.parse would turn into floats (3000.123456789012345 loses digits). Numbers become strings, to be read
 * with decimalOf; everything else is JSON.parse's. Throws SyntaxError on malformed JSON, as JSON.parse does.
 */
export function parseExactJson(text: string): unknown {
  let quoted = ''
  let start = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') inString = true
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) {
      let end = i + 1
      while (end < text.length && /[0-9eE.+-]/.test(text[end] as string)) end++
      quoted += `${text.slice(start, i)}"${text.slice(i, end)}"`
      start = end
      i = end - 1
    }
  }
  return JSON.parse(quoted + text.slice(start))
}

const JSON_NUMBER = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/

/**
 * A non-negative JSON number's text as a plain decimal string (no exponent, no trailing fraction zeros), exactly:
 * "3.0E+3" is "3000", "1.5e-7" is "0.00000015". Undefined for a negative number, one that is not a JSON number,
 * or one with more than 18 fraction digits or 78 integer digits (what a price table holds).
 */
export function decimalOf(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined
  const match = JSON_NUMBER.exec(text)
  if (!match) return undefined
  const exponent = Number(match[3] ?? 0)
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 100) return undefined
  let digits = `${match[1]}${match[2] ?? ''}`
  let point = (match[1] as string).length + exponent
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  }
  if (point > digits.length) digits = digits.padEnd(point, '0')
  const whole = digits.slice(0, point).replace(/^0+(?=.)/, '') || '0'
  const fraction = digits.slice(point).replace(/0+$/, '')
  if (fraction.length > 18 || whole.length > 78) return undefined
  return fraction === '' ? whole : `${whole}.${fraction}`
}
