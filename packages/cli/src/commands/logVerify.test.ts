import { generateKeyPairSync, sign } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ATTESTATION_TYPE,
  type DecisionLogEntry,
  GENESIS_HASH,
  hashRequest,
  type LoggedDecision,
  sealLogEntry,
} from '@rampart/evaluator'
import { describe, expect, it } from 'vitest'
import { captureOutput } from '../../test/captureOutput'
import { EXIT } from '../exitCodes'
import { runCli } from '../runCli'

const dir = mkdtempSync(join(tmpdir(), 'rampart-log-'))
const keys = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A decision attested as the gateway attests one (ES256K over {decision, requestHash, iat}). */
function attested(amount: string, seq: number): LoggedDecision {
  const evaluationRequest = {
    action: 'signTransaction',
    principal: 'alice-key',
    intent: { type: 'transferNative', amount },
    now: 1_767_225_600 + seq,
  } as unknown as LoggedDecision['evaluationRequest']
  const decision = {
    decision: 'Permit',
    reason: { code: 'PERMITTED', message: 'permitted by permit-small' },
    matchedPolicies: ['permit-small'],
    approvals: { required: [], missing: [], satisfied: [] },
  } as unknown as LoggedDecision['decision']
  const input = `${b64({ alg: 'ES256K', typ: ATTESTATION_TYPE })}.${b64({ decision, requestHash: hashRequest(evaluationRequest), iat: 1 })}`
  const signature = sign('sha256', Buffer.from(input), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' })
  return { evaluationRequest, decision, attestation: `${input}.${signature.toString('base64url')}` }
}

/** A client's export: a policy change, then five decisions. */
function exportedLog(): DecisionLogEntry[] {
  const entries: DecisionLogEntry[] = []
  let prevHash = GENESIS_HASH
  for (let seq = 1; seq <= 6; seq++) {
    const time = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString()
    const content =
      seq === 1
        ? { kind: 'policies.changed' as const, change: { policies: [], presets: [], by: 'admin-api' } }
        : { kind: 'decision' as const, decided: attested(String(seq * 1000), seq) }
    const entry = sealLogEntry({ clientId: 'acme', seq, time, ...content, prevHash })
    entries.push(entry)
    prevHash = entry.hash
  }
  return entries
}

let files = 0
function write(content: string, name = `log-${++files}.jsonl`): string {
  const file = join(dir, name)
  writeFileSync(file, content)
  return file
}
const asLines = (entries: unknown[]) => entries.map((entry) => `${JSON.stringify(entry)}\n`).join('')
const keyFile = write(JSON.stringify(keys.publicKey.export({ format: 'jwk' })), 'gateway-key.json')

async function verify(file: string, ...options: string[]) {
  const output = captureOutput()
  const code = await runCli(['log', 'verify', file, ...options], 'user')
  return { code, out: output.out.join(''), err: output.err.join('') }
}

describe('rampart log verify', () => {
  it('verifies an untouched export, attestations included, and prints its head', async () => {
    const entries = exportedLog()
    const result = await verify(write(asLines(entries)), '--key', keyFile)
    expect(result.code, result.err).toBe(EXIT.ok)
    expect(result.out).toBe('')
    expect(result.err).toContain('6 entries of client acme (seq 1 to 6): links, hashes and attestations hold')
    expect(result.err).toContain(`head ${entries[5]!.hash}`)
  })

  it('names the line and entry of an edited amount', async () => {
    const entries = JSON.parse(JSON.stringify(exportedLog())) as DecisionLogEntry[]
    ;(entries[3]!.decided!.evaluationRequest.intent as { amount: string }).amount = '1000000'
    const file = write(asLines(entries))
    const result = await verify(file)
    expect(result.code).toBe(EXIT.invalid)
    expect(result.out).toMatch(
      new RegExp(`^${file}:4:1  error  log\\.hash  entry 4: the entry's content hashes to`),
    )
    expect(result.err).toContain('broken at line 4 (entry 4)')
  })

  it('names the line where a deleted entry is missing', async () => {
    const entries = exportedLog()
    entries.splice(2, 1)
    const file = write(asLines(entries))
    const result = await verify(file)
    expect(result.code).toBe(EXIT.invalid)
    expect(result.out).toContain(
      `${file}:3:1  error  log.sequence  entry 4: expected entry 3 after 2, found 4`,
    )
  })

  it('names the first of two swapped entries', async () => {
    const entries = exportedLog()
    ;[entries[3], entries[4]] = [entries[4]!, entries[3]!]
    const file = write(asLines(entries))
    const result = await verify(file, '--format', 'json')
    expect(result.code).toBe(EXIT.invalid)
    const report = JSON.parse(result.out)
    expect(report.broken).toMatchObject({ line: 4, seq: 5, code: 'SEQUENCE' })
    expect(report.issues[0]).toMatchObject({ file, line: 4, code: 'log.sequence' })
  })

  it('refuses attestations that another key signed, and a cut-off start unless --partial', async () => {
    const other = write(JSON.stringify(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' })))
    const whole = write(asLines(exportedLog()))
    const wrongKey = await verify(whole, '--key', other)
    expect(wrongKey.code).toBe(EXIT.invalid)
    expect(wrongKey.out).toContain(
      ':2:1  error  log.attestation  entry 2: the attestation signature does not verify',
    )

    // ECDSA signatures differ each time: one export, its tail and the hash before it.
    const entries = exportedLog()
    const tail = write(asLines(entries.slice(2)))
    expect((await verify(tail)).code).toBe(EXIT.invalid)
    const partial = await verify(tail, '--partial')
    expect(partial.code).toBe(EXIT.ok)
    expect(partial.err).toContain('note: the export starts at entry 3')
    const from = await verify(tail, '--previous-hash', entries[1]!.hash)
    expect(from.code).toBe(EXIT.ok)
  })

  it('exits 2 for an unreadable file, a key that is not a public JWK, or a bad --previous-hash', async () => {
    expect((await verify(join(dir, 'missing.jsonl'))).code).toBe(EXIT.usage)
    const file = write(asLines(exportedLog()))
    const privateKey = write(JSON.stringify(keys.privateKey.export({ format: 'jwk' })))
    const result = await verify(file, '--key', privateKey)
    expect(result.code).toBe(EXIT.usage)
    expect(result.out).toContain('key.invalid')
    expect(result.out).not.toMatch(/"d"|\bd:/)
    expect((await verify(file, '--previous-hash', 'xyz')).code).toBe(EXIT.usage)
  })
})
