import { describe, expect, it } from 'vitest'
import { syntheticOrg } from '../../bench/org'
import { canonicalJson } from '../canonicalJson'
import { runToEnd } from '../inSlices'
import {
  GENESIS_HASH,
  sealLogEntry,
  sealLogEntryText,
  sealLogEntryTextInSteps,
  type UnsealedLogEntry,
} from './logEntryHash'

// Members in no particular order, nested objects out of order, a member left undefined, text past ASCII.
const entries: UnsealedLogEntry[] = [
  {
    seq: 2,
    kind: 'entities.changed',
    clientId: 'Client-Ünïcode',
    time: '2026-11-28T04:50:00.000Z',
    change: {
      by: 'admin-api',
      entities: {
        users: [{ role: 'root', id: 'Alice' }],
        accounts: [{ id: 'Vault-1', chainId: 1, address: '0xAb' }],
      },
    },
    state: { entitiesHash: 'b'.repeat(64), policiesHash: 'a'.repeat(64) },
    prevHash: 'c'.repeat(64),
  } as unknown as UnsealedLogEntry,
  {
    clientId: 'c1',
    seq: 1,
    time: '2026-11-28T04:49:59.000Z',
    kind: 'policies.changed',
    change: { policies: [], presets: ['erc20'], by: 'admin-api', note: undefined },
    state: { policiesHash: 'a'.repeat(64), entitiesHash: 'b'.repeat(64) },
    prevHash: GENESIS_HASH,
  } as unknown as UnsealedLogEntry,
]

const large = {
  ...entries[0]!,
  change: { by: 'admin-api', entities: syntheticOrg(50, 5_000) },
} as unknown as UnsealedLogEntry

describe.each([
  ['sealLogEntryText', sealLogEntryText],
  ['sealLogEntryTextInSteps', (entry: UnsealedLogEntry) => runToEnd(sealLogEntryTextInSteps(entry))],
])('%s', (_name, seal) => {
  it.each([...entries, large])(
    'seals an entry as sealLogEntry does, with the canonical JSON of the sealed entry',
    (entry) => {
      const { entry: sealed, text } = seal(entry)
      expect(sealed).toEqual(sealLogEntry(entry))
      expect(text).toBe(canonicalJson(sealLogEntry(entry)))
    },
  )

  it('hashes the entry without a hash it was given', () => {
    const entry = entries[0]!
    const withStaleHash = { ...entry, hash: 'f'.repeat(64) } as UnsealedLogEntry
    expect(seal(withStaleHash).entry.hash).toBe(sealLogEntry(entry).hash)
  })
})

it('sealLogEntryTextInSteps pauses within an organization an entry carries', () => {
  const steps = sealLogEntryTextInSteps(large)
  let pauses = 0
  while (!steps.next().done) pauses++
  expect(pauses).toBeGreaterThanOrEqual(5)
})
