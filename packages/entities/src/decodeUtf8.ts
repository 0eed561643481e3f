import { EntitiesJsonError } from './entitiesJsonError'

// Fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD, which would let two different ids
// (`a\xc3(` and `a\xff(`) read as the same text. Both decoders keep a leading byte-order mark, so that the text
// holds every byte's character and offsets can be counted back into bytes; callers decide whether to drop it.
const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const replacing = new TextDecoder('utf-8', { ignoreBOM: true })
const encoder = new TextEncoder()

/**
 * Decodes UTF-8 bytes, or throws an EntitiesJsonError with code `json.invalid-utf8` whose details give the byte
 * `offset` of the first byte that is not UTF-8 and its 1-based `line` and `column` (in UTF-16 code units, as the
 * other errors count them; a leading byte-order mark is not counted, as editors do not show it). A leading
 * byte-order mark is kept in the text.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return fatal.decode(bytes)
  } catch {
    throw invalidUtf8(bytes)
  }
}

function invalidUtf8(bytes: Uint8Array): EntitiesJsonError {
  const { offset, before } = firstInvalidByte(bytes)
  const shown = Array.from(bytes.subarray(offset, offset + 4), (byte) => byte.toString(16).padStart(2, '0'))
  return new EntitiesJsonError(
    'json.invalid-utf8',
    `invalid UTF-8: the bytes at offset ${offset} (${shown.join(' ')}) are not a UTF-8 character`,
    { ...lineAndColumn(before), offset },
  )
}

/**
 * Where the decoder first gave up, found with the decoder itself rather than a second UTF-8 reader: decoding
 * without `fatal` puts U+FFFD where each invalid sequence starts. A U+FFFD can also be in the text, written as
 * EF BF BD; since the text before it decoded exactly, its length in UTF-8 bytes is its offset, so each U+FFFD's
 * bytes can be looked at, and the first that is not EF BF BD is the first invalid byte. Only runs on failure.
 */
function firstInvalidByte(bytes: Uint8Array): { offset: number; before: string } {
  const text = replacing.decode(bytes)
  let offset = 0
  let from = 0
  for (let at = text.indexOf('\ufffd'); at !== -1; at = text.indexOf('\ufffd', at + 1)) {
    offset += encoder.encode(text.slice(from, at)).length
    from = at
    if (!(bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)) {
      return { offset, before: text.slice(0, at) }
    }
  }
  // Unreachable while the fatal decoder and this one agree; the whole text is the best answer left.
  return { offset: bytes.length, before: text }
}

/** The 1-based line and column after `before`, lines ended by CR LF, LF or CR, as the syntax errors count them. */
function lineAndColumn(before: string): { line: number; column: number } {
  let line = 1
  let lineStart = before.charCodeAt(0) === 0xfeff ? 1 : 0
  for (let i = 0; i < before.length; i++) {
    const code = before.charCodeAt(i)
    if (code === 0x0a || (code === 0x0d && before.charCodeAt(i + 1) !== 0x0a)) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: before.length - lineStart + 1 }
}
