import { readFile } from 'node:fs/promises'

/** The text of a file, or of standard input for `-`. */
async function readText(path: string): Promise<string> {
  if (path !== '-') return readFile(path, 'utf8')
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Reads a JSON input of a command (a file, or standard input for `-`). A leading byte-order mark, which editors
 * on some systems write and JSON does not allow, is dropped, as the validate commands drop it.
 */
export async function readJsonInput(path: string, what: string): Promise<unknown> {
  let text = await readText(path)
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`${what} ${path} is not JSON: ${(error as Error).message}`)
  }
}
