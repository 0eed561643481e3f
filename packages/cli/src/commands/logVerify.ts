import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import {
  type AttestationPublicKey,
  attestationPublicKey,
  type LogBreak,
  LogChainVerifier,
  type LogVerification,
} from '@rampart/evaluator'
import { EXIT } from '../exitCodes'
import { formatIssues } from '../formatIssues'
import type { LocatedIssue, OutputFormat } from '../locatedIssue'
import { readErrorReason } from '../readErrorReason'
import { readJsonFile } from '../readJsonFile'

export type LogVerifyOptions = {
  /** A JSON file holding the gateway's public attestation key (a JWK). */
  key?: string
  /** Accept an export that starts after entry 1 (a page, a time range). */
  partial?: boolean
  /** The hash of the entry before the export's first one. */
  previousHash?: string
  format: OutputFormat
}

/** The gateway's public key from a JWK file, or the issue that stops the command. */
async function readKey(file: string): Promise<AttestationPublicKey | LocatedIssue> {
  const read = await readJsonFile(file)
  if ('issues' in read) return read.issues[0]!
  try {
    if (typeof read.doc !== 'object' || read.doc === null || Array.isArray(read.doc))
      throw new Error('is not a JWK (a JSON object)')
    return attestationPublicKey(read.doc as Record<string, unknown>)
  } catch (error) {
    const message = `not a usable public key: ${error instanceof Error ? error.message : String(error)}`
    return { file, path: '', line: 1, column: 1, code: 'key.invalid', severity: 'error', message }
  }
}

/** Reads the export line by line (it may be far larger than memory would like) into the verifier. */
async function verifyFile(file: string, verifier: LogChainVerifier): Promise<LogVerification> {
  const stream = createReadStream(file, { encoding: 'utf8' })
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })
  try {
    for await (const line of lines) {
      verifier.addLine(line)
      if (verifier.isBroken) break
    }
  } finally {
    lines.close()
    stream.destroy()
  }
  return verifier.result()
}

/** A broken link as the other commands report issues: file:line, and the entry's seq in the pointer and message. */
function breakIssue(file: string, broken: LogBreak): LocatedIssue {
  const seq = broken.seq === undefined ? '' : `entry ${broken.seq}: `
  return {
    file,
    path: '',
    line: broken.line,
    column: 1,
    code: `log.${broken.code.toLowerCase().replaceAll('_', '-')}`,
    severity: 'error',
    message: `${seq}${broken.message}`,
  }
}

/**
 * `rampart log verify <file>`: checks every link and hash of an exported decision log, and with `--key` every
 * decision's attestation; names the first broken link. Exits 0 when the chain holds, 1 when a link is broken, 2 when
 * the file or the key cannot be read.
 */
export async function runLogVerify(file: string, options: LogVerifyOptions): Promise<number> {
  let attestationKey: AttestationPublicKey | undefined
  if (options.key !== undefined) {
    const key = await readKey(options.key)
    if ('file' in key) {
      process.stdout.write(formatIssues([key], options.format))
      return EXIT.usage
    }
    attestationKey = key
  }
  if (options.previousHash !== undefined && !/^[0-9a-f]{64}$/.test(options.previousHash)) {
    process.stderr.write('rampart: --previous-hash must be 64 lowercase hex digits\n')
    return EXIT.usage
  }
  const verifier = new LogChainVerifier({
    ...(attestationKey ? { attestationKey } : {}),
    ...(options.previousHash === undefined ? {} : { previousHash: options.previousHash }),
    ...(options.partial ? { partial: true } : {}),
  })
  let result: LogVerification
  try {
    result = await verifyFile(file, verifier)
  } catch (error) {
    const message = readErrorReason(error)
    const issue: LocatedIssue = {
      file,
      path: '',
      line: 1,
      column: 1,
      code: 'file.unreadable',
      severity: 'error',
      message,
    }
    process.stdout.write(formatIssues([issue], options.format))
    return EXIT.usage
  }
  const issues = result.broken ? [breakIssue(file, result.broken)] : []
  if (options.format === 'json') {
    process.stdout.write(`${JSON.stringify({ ...result, file, issues }, null, 2)}\n`)
  } else {
    process.stdout.write(formatIssues(issues, options.format))
  }
  const checked = attestationKey ? 'links, hashes and attestations' : 'links and hashes'
  for (const note of result.notes) process.stderr.write(`${file}: note: ${note}\n`)
  process.stderr.write(
    result.broken
      ? `${file}: broken at line ${result.broken.line}${result.broken.seq === undefined ? '' : ` (entry ${result.broken.seq})`}: the entries from there on cannot be trusted\n`
      : `${file}: ${result.entries} entries of client ${result.clientId} (seq ${result.firstSeq} to ${result.lastSeq}): ${checked} hold; head ${result.headHash}\n`,
  )
  return result.broken ? EXIT.invalid : EXIT.ok
}
