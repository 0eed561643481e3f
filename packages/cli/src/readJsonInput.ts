import { DEFAULT_MAX_BYTES, EntitiesJsonError, parseEntitiesJson } from '@rampart/entities'
import { CliError } from './cliErrors'
import { jsonFileText } from './jsonFileText'
import { readErrorReason } from './readErrorReason'
import { readBounded } from './validateEntityFile'

/** The bytes of standard input, or undefined once it holds more than `maxBytes` bytes (the rest is not read). */
async function readStdin(maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of process.stdin) {
    bytes += (chunk as Buffer).length
    if (bytes > maxBytes) return undefined
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * Reads a JSON input of a command (a file, or standard input for `-`). A leading byte-order mark, which editors
 * on some systems write and JSON does not allow, is dropped, as the validate commands drop it. Failures throw an
 * Error whose message names the input (`request x.json: no such file`) and, for a syntax error or bytes that are
 * not UTF-8, its line and column (`request x.json:3:15: invalid JSON: ...`). At most `maxBytes` bytes are read (256 MiB, as the validate
 * commands accept), so a huge file, a device or an endless pipe cannot fill the memory.
 */
export async function readJsonInput(
  path: string,
  what: string,
  maxBytes: number = DEFAULT_MAX_BYTES,
): Promise<unknown> {
  let read: Buffer | undefined
  try {
    read = path === '-' ? await readStdin(maxBytes) : await readBounded(path, maxBytes)
  } catch (error) {
    throw new CliError('cli.invalid-input', `${what} ${path}: ${readErrorReason(error)}`)
  }
  if (read === undefined)
    throw new CliError('cli.invalid-input', `${what} ${path}: more than the ${maxBytes} bytes accepted`)
  let text: string
  try {
    text = jsonFileText(read)
  } catch (error) {
    if (!(error instanceof EntitiesJsonError)) throw error
    const { line, column } = error.details
    throw new CliError('cli.invalid-input', `${what} ${path}:${line}:${column}: ${error.message}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new CliError('cli.invalid-input', `${what} ${path}${syntaxErrorAt(text, error)}`)
  }
}

/**
 * `:line:col: invalid JSON: reason` for text JSON.parse refused. The Entities reader locates syntax errors in a
 * stable wording (V8's differs across Node versions); it is only asked here, where the text is known not to parse.
 */
function syntaxErrorAt(text: string, error: unknown): string {
  try {
    parseEntitiesJson(text)
  } catch (located) {
    if (located instanceof EntitiesJsonError && located.code === 'json.syntax') {
      const { line, column } = located.details
      return `${line !== undefined && column !== undefined ? `:${line}:${column}` : ''}: ${located.message}`
    }
  }
  return `: invalid JSON: ${(error as Error).message}`
}
