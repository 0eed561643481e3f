import { decodeUtf8 } from '@rampart/entities'

/**
 * The text of a JSON file's bytes. Bytes that are not UTF-8 throw an EntitiesJsonError `json.invalid-utf8` with
 * the line and column of the first one, instead of becoming U+FFFD (two different ids would then read as one).
 * A leading byte-order mark, which editors on some systems write and JSON does not allow, is dropped: editors
 * neither show it nor count it in columns, so parsing and locating both read the text without it.
 */
export function jsonFileText(bytes: Uint8Array): string {
  const text = decodeUtf8(bytes)
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
