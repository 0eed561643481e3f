/**
 * Characters that change how the text around them is shown without being seen themselves: the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the direction marks (U+200E, U+200F,
 * U+061C), zero-width characters (U+200B–U+200D, U+2060, U+FEFF) and the C0/C1 controls other than tab and newline.
 * A hostile token symbol uses them to make `0xdead…` read as `0xbeef…` or a recipient's name run backwards.
 */
// Built from the ranges: a regex literal of control characters is what biome's lint refuses, and matching them is
// this pattern's whole job.
const invisibleRanges = [
  '\\u0000-\\u0008',
  '\\u000b\\u000c',
  '\\u000e-\\u001f',
  '\\u007f-\\u009f',
  '\\u061c',
  '\\u200b-\\u200f',
  '\\u202a-\\u202e',
  '\\u2060',
  '\\u2066-\\u2069',
  '\\ufeff',
]
const invisible = new RegExp(`[${invisibleRanges.join('')}]`, 'g')

/** Every invisible or direction-changing character (a global pattern: use it with `replace`, not `test`). */
export const invisibleCharacters = invisible

const anyInvisible = new RegExp(invisible.source)

/**
 * Makes every invisible or direction-changing character visible as its code point (`⟨U+202E⟩`): the text then reads
 * in the order it is stored, and a reader sees that something odd was in it.
 */
export function revealInvisible(value: string): string {
  return value.replace(
    invisible,
    (character) => `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`,
  )
}

/**
 * Escapes a value for HTML element content and for quoted attribute values (both quote kinds), after revealing
 * its invisible characters: whatever the value holds, it renders as the text it is.
 */
export function escapeHtml(value: string): string {
  return escapeMarkup(revealInvisible(value))
}

/**
 * Escapes a value for text and quoted attributes and nothing more: for what a form sends back (an input's value, a
 * textarea's text), which must round-trip exactly. Shown as text, use escapeHtml, which reveals invisible characters.
 */
export function escapeMarkup(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/**
 * A URL a page may put in an `href`: a path on this origin, or an http(s) URL. Anything else — `javascript:`,
 * `data:`, `vbscript:`, a protocol-relative `//host`, or a URL that does not parse — is `undefined`, and the caller
 * shows the value as text instead of a link.
 */
export function safeHref(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed !== value || anyInvisible.test(value)) return undefined
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}
