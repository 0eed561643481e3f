import { readFile } from 'node:fs/promises'
import { EntitiesJsonError, parseEntitiesJson } from '@rampart/entities'
import { readErrorReason } from './readErrorReason'

/** The text of a file, or of standard input for `-`. */
async function readText(path: string): Promise<string> {
  if (path !== '-') return readFile(path, 'utf8')
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Reads a JSON input of a command (a file, or standard input for `-`). A leading byte-order mark, which editors
 * on some systems write and JSON does not allow, is dropped, as the validate commands drop it. Failures throw an
 * Error whose message names the input (`request x.json: no such file`) and, for a syntax error, its line and
 * column (`request x.json:3:15: invalid JSON: ...`).
 */
export async function readJsonInput(path: string, what: string): Promise<unknown> {
  let text: string
  try {
    text = await readText(path)
  } catch (error) {
    throw new Error(`${what} ${path}: ${readErrorReason(error)}`)
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`${what} ${path}${syntaxErrorAt(text, error)}`)
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
