import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Bytes that are not UTF-8: decoded with replacement, they would read as U+FFFD ( U+FFFD U+FFFD. */
export const invalidUtf8 = [0xc3, 0x28, 0xff, 0xfe]

/**
 * Writes `before`, the bytes c3 28 ff fe, then `after` to a new file, and returns its path. Put inside an id
 * (`"id": "a` … `"`), they are where two different ids would collide once replaced.
 */
export function writeWithInvalidUtf8(name: string, before: string, after: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rampart-utf8-')), name)
  writeFileSync(file, Buffer.concat([Buffer.from(before), Buffer.from(invalidUtf8), Buffer.from(after)]))
  return file
}
