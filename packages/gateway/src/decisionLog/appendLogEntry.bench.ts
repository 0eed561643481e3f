import { randomUUID } from 'node:crypto'
import { canonicalJson, sealLogEntry } from '@rampart/evaluator'
import { afterAll, bench, describe } from 'vitest'
import { registerTestClient, startTestGateway } from '../../test/support/testGateway'
import type { Database } from '../core/database/openDatabase'
import { appendLogEntry, type LogEntryContent } from './appendLogEntry'
import { decisionLog } from './decisionLogTable'

// What appending a decision to the log costs (the client's lock, the head read, the hash), against inserting the
// same row already sealed, numbered and hashed, each in a transaction of its own, on the test database (PGlite, or
// PostgreSQL with DATABASE_URL).
const gateway = await startTestGateway()
const db = gateway.database.db
const chained = (await registerTestClient(gateway)).clientId
const plain = (await registerTestClient(gateway)).clientId
const options = { time: 3000, warmupTime: 1000 }

/** A decision as the pipeline logs one: a transfer's evaluation request with history totals, and its decision. */
const decision: LogEntryContent = {
  kind: 'decision',
  request: { kind: 'evm.sendTransaction', requestId: randomUUID(), status: 'processing' },
  decided: {
    evaluationRequest: {
      action: 'signTransaction',
      principal: 'alice-key',
      resource: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      intent: {
        type: 'nativeTransfer',
        chainId: 1,
        from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        amount: '1000',
      } as never,
      historyTotals: [{ since: 1_764_201_600, totals: [] }] as never,
      now: 1_764_288_000,
    },
    signer: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 1 },
    presets: [],
    decision: {
      decision: 'Permit',
      reason: { code: 'PERMITTED', message: 'A matching policy permits the request.' },
      decidingPolicy: 'permit-small',
      matchedPolicies: ['permit-small'],
      approvals: { required: [], missing: [], satisfied: [] },
    },
    attestation: `eyJhbGciOiJFUzI1NksifQ.${'x'.repeat(400)}.${'y'.repeat(86)}`,
  },
  state: { policiesHash: 'a'.repeat(64), entitiesHash: 'b'.repeat(64) },
}

// Past the entries the client's registration appended.
let plainSeq = 1000

afterAll(async () => {
  await gateway.close()
})

describe('appending a decision to the log, in its own transaction', () => {
  bench(
    'insert of the row already sealed (baseline)',
    async () => {
      const entry = sealLogEntry({
        clientId: plain,
        seq: ++plainSeq,
        time: new Date().toISOString(),
        ...decision,
        prevHash: '0'.repeat(64),
      })
      await db.transaction(async (tx) => {
        await tx.insert(decisionLog).values({
          clientId: plain,
          seq: entry.seq,
          time: new Date(entry.time),
          kind: entry.kind,
          hash: entry.hash,
          entry: canonicalJson(entry),
        })
      })
    },
    options,
  )
  bench(
    'appendLogEntry (client lock, head read, seal, insert)',
    async () => {
      await db.transaction((tx) => appendLogEntry(tx as unknown as Database, chained, decision))
    },
    options,
  )
})
