import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../canonicalJson'
import { GENESIS_HASH, sealLogEntry, sealLogEntryText, type UnsealedLogEntry } from './logEntryHash'

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

describe('sealLogEntryText', () => {
  it.each(entries)(
    'seals an entry as sealLogEntry does, with the canonical JSON of the sealed entry',
    (entry) => {
      const { entry: sealed, text } = sealLogEntryText(entry)
      expect(sealed).toEqual(sealLogEntry(entry))
      expect(text).toBe(canonicalJson(sealLogEntry(entry)))
    },
  )

  it('hashes the entry without a hash it was given', () => {
    const entry = entries[0]!
    const withStaleHash = { ...entry, hash: 'f'.repeat(64) } as UnsealedLogEntry
    expect(sealLogEntryText(withStaleHash).entry.hash).toBe(sealLogEntry(entry).hash)
  })
})
