/** One piece of a parsed template: literal text, a placeholder, or an unclosed `{` (the template fails there). */
type Part = string | Placeholder | null

interface Placeholder {
  /** The rendered-value key (`#.` dropped), as the error message names it. */
  key: string
  /** The same key with `a[0]` written as `a.[0]`, tried when the key itself has no value. */
  alternate: string
}

/** Templates parsed once: a descriptor's few interpolatedIntents are filled on every call. */
const parsed = new Map<string, Part[]>()
const MAX_PARSED = 4096

/**
 * Fills `{path}` placeholders of an interpolatedIntent with rendered field values (`{{` and `}}` are literal
 * braces). Fails, rather than showing a partial sentence, when a placeholder has no rendered value.
 */
export function interpolate(
  template: string,
  values: ReadonlyMap<string, string>,
): { ok: true; text: string } | { ok: false; message: string } {
  let parts = parsed.get(template)
  if (parts === undefined) {
    parts = parse(template)
    if (parsed.size >= MAX_PARSED) parsed.clear()
    parsed.set(template, parts)
  }
  let text = ''
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part
      continue
    }
    if (part === null) return { ok: false, message: 'unclosed placeholder' }
    const value = values.get(part.key) ?? values.get(part.alternate)
    if (value === undefined) return { ok: false, message: `no displayed value for {${part.key}}` }
    text += value
  }
  return { ok: true, text }
}

function parse(template: string): Part[] {
  const parts: Part[] = []
  let text = ''
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]
    if (ch === '{' && template[i + 1] === '{') {
      text += '{'
      i++
    } else if (ch === '}' && template[i + 1] === '}') {
      text += '}'
      i++
    } else if (ch === '{') {
      if (text) parts.push(text)
      text = ''
      const end = template.indexOf('}', i)
      if (end < 0) {
        parts.push(null)
        return parts
      }
      const key = template
        .slice(i + 1, end)
        .trim()
        .replace(/^#\./, '')
      parts.push({ key, alternate: key.replace(/\[/g, '.[').replace(/\.\.\[/g, '.[') })
      i = end
    } else {
      text += ch
    }
  }
  if (text) parts.push(text)
  return parts
}
