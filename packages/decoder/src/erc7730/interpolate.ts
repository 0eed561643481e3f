/**
 * Fills `{path}` placeholders of an interpolatedIntent with rendered field values (`{{` and `}}` are literal
 * braces). Fails, rather than showing a partial sentence, when a placeholder has no rendered value.
 */
export function interpolate(
  template: string,
  values: ReadonlyMap<string, string>,
): { ok: true; text: string } | { ok: false; message: string } {
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
      const end = template.indexOf('}', i)
      if (end < 0) return { ok: false, message: 'unclosed placeholder' }
      const key = template
        .slice(i + 1, end)
        .trim()
        .replace(/^#\./, '')
      const value = values.get(key) ?? values.get(key.replace(/\[/g, '.[').replace(/\.\.\[/g, '.['))
      if (value === undefined) return { ok: false, message: `no displayed value for {${key}}` }
      text += value
      i = end
    } else {
      text += ch
    }
  }
  return { ok: true, text }
}
