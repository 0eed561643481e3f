import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs'
import {
  DEFAULT_MAX_BYTES,
  EntitiesJsonError,
  type EntityIndex,
  type EntityKind,
  loadEntities,
  parseEntitiesJson,
} from '@rampart/entities'
import { jsonFileText } from './jsonFileText'
import { kindFallbackNote } from './kindFallbackNote'
import type { LocatedIssue } from './locatedIssue'
import { locateJsonError } from './locateJsonError'
import { readErrorReason } from './readErrorReason'
import { locateJsonPointers } from './sourceLocation'

export interface EntityFileResult {
  file: string
  issues: LocatedIssue[]
  /** Set when the file could not be read at all; its issue has code file.unreadable. */
  unreadable: boolean
  /** The document's index, when it is valid: read, parsed and validated once, for a command to use. */
  index?: EntityIndex
  /** Said beside the issues: a document whose kind was not given and fits none but the full one, and why. */
  notes?: string[]
}

export interface ValidateEntityFileOptions {
  kind?: EntityKind
  maxBytes?: number
  /** Keep the index of a valid document in the result (a command that uses it); validating alone does not. */
  index?: boolean
}

function unreadable(file: string, error: unknown): EntityFileResult {
  const reason = readErrorReason(error)
  return {
    file,
    unreadable: true,
    issues: [
      { file, path: '', line: 1, column: 1, code: 'file.unreadable', severity: 'error', message: reason },
    ],
  }
}

/** The bytes of a stream (a device, a pipe) whose size is not known beforehand: at most `maxBytes + 1`. */
async function readStreamBounded(file: string, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of createReadStream(file, { end: maxBytes })) {
    chunks.push(chunk as Buffer)
    bytes += (chunk as Buffer).length
  }
  return bytes > maxBytes ? undefined : Buffer.concat(chunks)
}

/**
 * The bytes of a file, or undefined when it holds more than `maxBytes` bytes. At most `maxBytes + 1` bytes are
 * read, so a device or a pipe, whose size is not known beforehand, cannot fill the memory. Bytes, not text: the
 * caller decodes them with {@link jsonFileText}, which refuses what is not UTF-8.
 *
 * A regular file is read with one open, one fstat and reads into one buffer of its size: a read stream per file
 * allocated 64 KiB chunks and ran the stream machinery, which over 1,000 small files cost more CPU than the
 * validation (#18). A file that grows while it is read is still cut at `maxBytes + 1`.
 */
export async function readBounded(file: string, maxBytes: number): Promise<Buffer | undefined> {
  return (await readSized(file, maxBytes)).bytes
}

/** {@link readBounded}, with the size of a regular file refused for it (to say how large it is). */
async function readSized(file: string, maxBytes: number): Promise<{ bytes?: Buffer; size?: number }> {
  const fd = openSync(file, 'r')
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) return { bytes: await readStreamBounded(file, maxBytes) }
    if (stats.size > maxBytes) return { size: stats.size }
    // One byte past the size seen, to notice a file that grew since.
    const buffer = Buffer.allocUnsafe(stats.size + 1)
    let length = 0
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, length)
      if (read === 0) break
      length += read
    }
    if (length <= stats.size) return { bytes: buffer.subarray(0, length) }
    // It grew since: read it again, bounded, as a stream.
    return { bytes: await readStreamBounded(file, maxBytes) }
  } finally {
    closeSync(fd)
  }
}

/** Reads, parses and validates one Entities file, locating each issue at its line and column. */
export async function validateEntityFile(
  file: string,
  options: ValidateEntityFileOptions = {},
): Promise<EntityFileResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const tooLarge = (message: string): EntityFileResult => ({
    file,
    unreadable: false,
    issues: [{ file, path: '', line: 1, column: 1, code: 'json.too-large', severity: 'error', message }],
  })
  let read: Buffer | undefined
  try {
    const sized = await readSized(file, maxBytes)
    if (sized.size !== undefined) {
      return tooLarge(`file is ${sized.size} bytes, more than the ${maxBytes} accepted`)
    }
    read = sized.bytes
  } catch (error) {
    return unreadable(file, error)
  }
  if (read === undefined) return tooLarge(`file is more than the ${maxBytes} bytes accepted`)
  // Stays empty when the bytes are not UTF-8; that error carries its own line and column.
  let text = ''
  let doc: unknown
  try {
    text = jsonFileText(read)
    doc = parseEntitiesJson(text, { maxBytes })
  } catch (error) {
    if (!(error instanceof EntitiesJsonError)) throw error
    const { line, column } = locateJsonError(text, error)
    const issue: LocatedIssue = {
      file,
      path: error.path,
      line,
      column,
      code: error.code,
      severity: 'error',
      message: error.message,
    }
    return { file, unreadable: false, issues: [issue] }
  }
  // A file is checked where it comes in, so its mixed-case addresses' checksums too.
  const { issues, index } = loadEntities(doc, { kind: options.kind, checksums: true })
  const fallback = options.kind === undefined ? kindFallbackNote(doc) : undefined
  // All at once, in one pass over the text.
  const locations =
    issues.length === 0
      ? []
      : locateJsonPointers(
          text,
          issues.map(({ path }) => path),
        )
  return {
    file,
    unreadable: false,
    ...(index && options.index ? { index } : {}),
    ...(fallback ? { notes: [`${file}: ${fallback}`] } : {}),
    issues: issues.map(({ path, code, severity, message }, k) => ({
      file,
      path,
      ...locations[k]!,
      code,
      severity,
      message,
    })),
  }
}
