import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ATTESTATION_TYPE, hashRequest } from '../attestation'
import type { DecisionLogEntry, LoggedDecision } from '../generated/decisionLogEntry'
import { GENESIS_HASH, sealLogEntry } from './logEntryHash'
import { attestationPublicKey } from './verifyLogAttestation'
import { verifyLogChain } from './verifyLogChain'

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An ES256K attestation as the gateway signs it: low S is not needed for node:crypto to verify. */
function attestation(decision: unknown, request: unknown, key: KeyObject): string {
  const input = `${b64({ alg: 'ES256K', typ: ATTESTATION_TYPE, kid: 'gw' })}.${b64({ decision, requestHash: hashRequest(request), iat: 1 })}`
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
  return `${input}.${signature.toString('base64url')}`
}

const keys = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
const publicJwk = keys.publicKey.export({ format: 'jwk' }) as Record<string, unknown>

/** A chain of `count` decisions of client c1, each about a transfer of a different amount. */
function chain(count: number): DecisionLogEntry[] {
  const entries: DecisionLogEntry[] = []
  let prevHash = GENESIS_HASH
  for (let seq = 1; seq <= count; seq++) {
    const evaluationRequest = {
      action: 'signTransaction' as const,
      principal: 'alice',
      intent: { type: 'transferNative', amount: String(seq * 1000) },
      now: 1_700_000_000 + seq,
    } as unknown as LoggedDecision['evaluationRequest']
    const decision = {
      decision: 'Permit' as const,
      reason: { code: 'PERMITTED', message: 'ok' },
      matchedPolicies: ['p1'],
      approvals: { required: [], missing: [], satisfied: [] },
    } as unknown as LoggedDecision['decision']
    const entry = sealLogEntry({
      clientId: 'c1',
      seq,
      time: new Date(1_700_000_000_000 + seq * 1000).toISOString(),
      kind: 'decision',
      request: { kind: 'transfer', requestId: `r${seq}`, status: 'processing' },
      decided: {
        evaluationRequest,
        decision,
        attestation: attestation(decision, evaluationRequest, keys.privateKey),
      },
      state: { policiesHash: 'a'.repeat(64), entitiesHash: 'b'.repeat(64) },
      prevHash,
    })
    entries.push(entry)
    prevHash = entry.hash
  }
  return entries
}

const lines = (entries: unknown[]) => `${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`
const attestationKey = attestationPublicKey(publicJwk)

describe('verifyLogChain', () => {
  it('verifies an untouched chain, attestations included, and reports its head', () => {
    const entries = chain(5)
    const result = verifyLogChain(lines(entries), { attestationKey })
    expect(result.broken).toBeUndefined()
    expect(result).toMatchObject({ entries: 5, clientId: 'c1', firstSeq: 1, lastSeq: 5 })
    expect(result.headHash).toBe(entries[4]!.hash)
  })

  it('finds an edited amount at its line', () => {
    const entries = chain(5)
    const edited = JSON.parse(JSON.stringify(entries)) as DecisionLogEntry[]
    ;(edited[2]!.decided!.evaluationRequest.intent as { amount: string }).amount = '999999'
    expect(verifyLogChain(lines(edited)).broken).toMatchObject({ line: 3, seq: 3, code: 'HASH' })
  })

  it('finds an edited amount whose hashes were all recomputed, by its attestation', () => {
    const edited = JSON.parse(JSON.stringify(chain(4))) as DecisionLogEntry[]
    ;(edited[1]!.decided!.evaluationRequest.intent as { amount: string }).amount = '999999'
    let prevHash = GENESIS_HASH
    const resealed = edited.map(({ hash: _, ...entry }) => {
      const sealed = sealLogEntry({ ...entry, prevHash })
      prevHash = sealed.hash
      return sealed
    })
    expect(verifyLogChain(lines(resealed)).broken).toBeUndefined()
    expect(verifyLogChain(lines(resealed), { attestationKey }).broken).toMatchObject({
      line: 2,
      seq: 2,
      code: 'ATTESTATION',
      message: 'the attestation is about another evaluation request',
    })
  })

  it('finds a deleted entry where the sequence jumps', () => {
    const entries = chain(5)
    entries.splice(2, 1)
    expect(verifyLogChain(lines(entries)).broken).toMatchObject({ line: 3, seq: 4, code: 'SEQUENCE' })
  })

  it('finds two swapped entries at the first of them', () => {
    const entries = chain(5)
    ;[entries[1], entries[2]] = [entries[2]!, entries[1]!]
    expect(verifyLogChain(lines(entries)).broken).toMatchObject({ line: 2, seq: 3, code: 'SEQUENCE' })
  })

  it('finds an entry whose seq was renumbered to hide a deletion, by its prevHash', () => {
    const entries = chain(5)
    entries.splice(2, 1)
    const renumbered = entries.map((entry, index) => ({ ...entry, seq: index + 1 }))
    expect(verifyLogChain(lines(renumbered)).broken).toMatchObject({ line: 3, seq: 3, code: 'PREV_HASH' })
  })

  it('refuses an export cut at its start unless it is verified as partial or from a known hash', () => {
    const entries = chain(5)
    const tail = lines(entries.slice(2))
    expect(verifyLogChain(tail).broken).toMatchObject({ line: 1, seq: 3, code: 'SEQUENCE' })
    const partial = verifyLogChain(tail, { partial: true })
    expect(partial.broken).toBeUndefined()
    expect(partial.notes[0]).toMatch(/starts at entry 3/)
    expect(verifyLogChain(tail, { previousHash: entries[1]!.hash }).broken).toBeUndefined()
    expect(verifyLogChain(tail, { previousHash: entries[0]!.hash }).broken).toMatchObject({
      line: 1,
      code: 'PREV_HASH',
    })
  })

  it('refuses a first entry that does not start from the genesis hash', () => {
    const [first] = chain(1)
    const { hash: _, ...rest } = first!
    const forged = sealLogEntry({ ...rest, prevHash: 'f'.repeat(64) })
    expect(verifyLogChain(lines([forged])).broken).toMatchObject({ line: 1, seq: 1, code: 'PREV_HASH' })
  })

  it('names lines that are not JSON, not entries or of another client, and an empty export', () => {
    const entries = chain(3)
    expect(verifyLogChain(`${JSON.stringify(entries[0])}\n{nope\n`).broken).toMatchObject({
      line: 2,
      code: 'NOT_JSON',
    })
    expect(verifyLogChain(`${JSON.stringify(entries[0])}\n[1]\n`).broken).toMatchObject({
      line: 2,
      code: 'NOT_AN_ENTRY',
    })
    const other = { ...entries[1]!, clientId: 'c2' }
    expect(verifyLogChain(lines([entries[0], other])).broken).toMatchObject({ line: 2, code: 'OTHER_CLIENT' })
    expect(verifyLogChain('\n').broken).toMatchObject({ code: 'EMPTY' })
  })

  it('refuses attestations by another key, and a decision without one', () => {
    const entries = chain(2)
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }) as Record<
      string,
      unknown
    >
    expect(
      verifyLogChain(lines(entries), { attestationKey: attestationPublicKey(other) }).broken,
    ).toMatchObject({
      line: 1,
      code: 'ATTESTATION',
    })
    const { hash: _, ...rest } = entries[0]!
    const unsigned = sealLogEntry({ ...rest, decided: { ...rest.decided!, attestation: null } })
    expect(verifyLogChain(lines([unsigned]), { attestationKey }).broken).toMatchObject({
      code: 'ATTESTATION',
      message: 'the decision has no attestation',
    })
    expect(() => attestationPublicKey({ ...publicJwk, d: 'secret' })).toThrow(/private/)
  })
})
